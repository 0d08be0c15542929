import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, type SourceFile, scan, sourceFiles } from "./app-sources";

/**
 * The import boundaries of app/, stated once (docs/decisions/002-biome-instead-of-eslint.md):
 * - the shared folders import no feature, no route and not the root;
 * - a feature (every other folder of app/ but routes/) is imported from outside it only
 *   through its door, `index.ts` or `index.server.ts`;
 * - nothing imports a route module (routes.ts names them; their generated +types are fine);
 * - no `../` import: another folder is named through `~/`.
 * - no loop between folders (a feature and the features or shared folders it imports, and
 *   theirs, never lead back to it): what composes features lives above them (app/root.tsx).
 * Type imports count as imports. Import cycles between files are Biome's (noImportCycles).
 * tests/ is free to reach into a feature's files.
 */
const SHARED = ["ui", "layout", "forms", "i18n", "server"];
const FEATURES = readdirSync(join(ROOT, "app"), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== "routes" && !d.name.startsWith("+") && !SHARED.includes(d.name))
  .map((d) => d.name);
const DOORS = ["index.ts", "index.tsx", "index.server.ts"];

/** Where an import leads, as a path from the repository root without extension; null for a package. */
function target(spec: string, from: string): string | null {
  const path = spec.split("?")[0]!;
  if (path.startsWith("~/")) return posix.join("app", path.slice(2));
  if (path.startsWith(".")) return posix.join(dirname(from), path);
  return null;
}

/** The folder of app/ a path is in ("cart", "routes"…), "app" for app/'s own files, or "" outside app/. */
const folderOf = (path: string) => (path.startsWith("app/") ? (path.split("/").length > 2 ? path.split("/")[1]! : "app") : "");

function withExtension(path: string): string {
  for (const ext of ["", ".ts", ".tsx"]) if (existsSync(join(ROOT, path + ext)) && /\.tsx?$/.test(path + ext)) return path + ext;
  return path;
}

type Violation = { file: string; spec: string; rule: string };

function violations(files: Pick<SourceFile, "path" | "imports">[]): Violation[] {
  const out: Violation[] = [];
  for (const file of files) {
    const from = folderOf(file.path);
    for (const spec of file.imports) {
      const to = target(spec, file.path);
      if (to === null) continue;
      const say = (rule: string) => out.push({ file: file.path, spec, rule });
      if (spec.startsWith("../")) say("climbs out of its folder: import another folder through ~/");
      const into = folderOf(to);
      if (to === "app/root" || (into === "routes" && !to.includes("/+types/"))) say("imports a route module");
      if (!FEATURES.includes(into) || into === from) continue;
      if (SHARED.includes(from)) say(`imports the ${into} feature: shared folders (${SHARED.join(", ")}) import no feature; features feed them props and data`);
      else if (!DOORS.includes(posix.basename(withExtension(to))))
        say(`reaches inside the ${into} feature: use its door, ~/${into}/index or ~/${into}/index.server`);
    }
  }
  return out;
}

/**
 * The folders of app/ (routes/ and app/'s own files aside: they compose, nothing imports them)
 * as a graph of who imports whom, and its loops, each as "a → b → a" from its smallest folder.
 */
function folderLoops(files: Pick<SourceFile, "path" | "imports">[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = folderOf(file.path);
    if (from === "" || from === "app" || from === "routes") continue;
    for (const spec of file.imports) {
      const to = target(spec, file.path);
      const into = to === null ? "" : folderOf(to);
      if (into === "" || into === "app" || into === "routes" || into === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(into);
    }
  }
  const loops: string[] = [];
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) loops.push([...path, start].join(" → "));
      else if (next > start && !path.includes(next)) walk(start, next, [...path, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return loops;
}

describe("import boundaries", () => {
  it("see the imports a file makes, type imports included", () => {
    const { imports } = scan(`import type { A } from "~/cart/cart.server";
      import { b,
        c } from "./x";
      // import { gone } from "~/orders/orders.server";
      type Ui = typeof import("./cart-ui");
      export { d } from "~/i18n/url";
      import "./app.css";`);
    expect(imports.sort()).toEqual(["./app.css", "./cart-ui", "./x", "~/cart/cart.server", "~/i18n/url"]);
  });

  it("fail on each kind of break (checked on made-up files)", () => {
    const files = [
      { path: "app/ui/price.tsx", imports: ["~/cart/index"] },
      { path: "app/checkout/page.tsx", imports: ["~/orders/schema", "~/orders/index", "./step", "~/forms/form-row"] },
      { path: "app/routes/pages/cart.tsx", imports: ["~/cart/cart.server", "~/cart/index.server", "./+types/cart", "../api/cart"] },
      { path: "app/cart/popup.ts", imports: ["~/routes/pages/cart", "~/root"] },
      { path: "workers/app.ts", imports: ["~/orders/orders.server", "./maintenance"] },
    ];
    expect(violations(files).map((v) => `${v.file} ${v.spec}`)).toEqual([
      "app/ui/price.tsx ~/cart/index",
      "app/checkout/page.tsx ~/orders/schema",
      "app/routes/pages/cart.tsx ~/cart/cart.server",
      // Twice: it climbs out of its folder, and into a route.
      "app/routes/pages/cart.tsx ../api/cart",
      "app/routes/pages/cart.tsx ../api/cart",
      "app/cart/popup.ts ~/routes/pages/cart",
      "app/cart/popup.ts ~/root",
      "workers/app.ts ~/orders/orders.server",
    ]);
  });

  it("find a loop between folders, through doors and shared folders alike (checked on made-up files)", () => {
    const files = [
      { path: "app/auth/auth.server.ts", imports: ["~/checkout/index.server"] },
      { path: "app/checkout/flow.server.ts", imports: ["~/orders/index.server", "~/i18n/url"] },
      { path: "app/orders/schema.ts", imports: ["~/auth/index"] },
      { path: "app/i18n/seo.ts", imports: ["~/layout/data"] },
      { path: "app/layout/data.ts", imports: ["~/i18n/translate"] },
      { path: "app/routes/pages/cart.tsx", imports: ["~/cart/index.server"] },
      { path: "app/cart/popup.ts", imports: ["~/i18n/url"] },
    ];
    expect(folderLoops(files)).toEqual(["auth → checkout → orders → auth", "i18n → layout → i18n"]);
  });

  it("no folder of app/ is part of a loop", () => {
    expect(folderLoops(sourceFiles("app"))).toEqual([]);
  });

  it("every feature has a door", () => {
    expect(FEATURES.length).toBeGreaterThan(8);
    for (const feature of FEATURES)
      expect(
        DOORS.some((d) => existsSync(join(ROOT, "app", feature, d))),
        `app/${feature}/ has no index.ts or index.server.ts`,
      ).toBe(true);
  });

  it("hold in app/ and the Worker's entry (workers/*.ts)", () => {
    const files = [...sourceFiles("app"), ...sourceFiles("workers").filter((f) => /^workers\/[^/]+\.ts$/.test(f.path))];
    expect(files.length).toBeGreaterThan(200);
    expect(violations(files).map((v) => `${v.file}: "${v.spec}" ${v.rule}`)).toEqual([]);
  });
});

/**
 * Who is asking, and in which language, has one door: app/server/request.server.ts (the request's
 * context, set by the root middleware). Elsewhere a file reads the language, the session, the
 * user and the shopper only through it.
 */
const DOOR = "app/server/request.server.ts";
const ASKING_RULES: { rule: string; pattern: RegExp; allowed: string[] }[] = [
  { rule: "reads the session itself (getSession, getShopper)", pattern: /\breadSession\b|\bsessionIdOf\b/, allowed: [DOOR, "app/server/session.server.ts"] },
  { rule: "checks a language prefix itself (getLang)", pattern: /\brequireLang\b|\bparams\.lang\b/, allowed: [DOOR, "app/server/request-log.server.ts"] },
  { rule: "reads the user from a request (getUserId(context))", pattern: /\bgetUserId\((?!context\))/, allowed: [DOOR] },
  { rule: "reads ?lang= itself (getLang, langOfUrl)", pattern: /searchParams\.get\(\s*["'`]lang["'`]\s*\)/, allowed: [DOOR, "app/i18n/url.ts"] },
  { rule: "resolves a path's prefix itself (langOfUrl)", pattern: /\bresolvePrefix\(/, allowed: ["app/i18n/url.ts", "workers/app.ts"] },
];

function askingViolations(files: { path: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const file of files)
    for (const { rule, pattern, allowed } of ASKING_RULES) if (!allowed.includes(file.path) && pattern.test(file.text)) out.push(`${file.path}: ${rule}`);
  return out;
}

describe("who is asking, resolved once", () => {
  it("fail on each kind of bypass (checked on made-up files)", () => {
    const made = [
      { path: "app/routes/pages/a.tsx", text: "const s = await readSession(app.env, request);" },
      { path: "app/routes/pages/b.tsx", text: "const lang = requireLang(params, context);" },
      { path: "app/account/c.server.ts", text: "const id = await getUserId(env, request);" },
      { path: "app/routes/api/d.ts", text: 'const q = url.searchParams.get("lang");' },
      { path: "app/layout/e.server.ts", text: "const p = resolvePrefix(url.pathname, lang);" },
      { path: "app/routes/pages/ok.tsx", text: "const id = await getUserId(context); const lang = getLang(context);" },
    ];
    expect(askingViolations(made)).toEqual([
      "app/routes/pages/a.tsx: reads the session itself (getSession, getShopper)",
      "app/routes/pages/b.tsx: checks a language prefix itself (getLang)",
      "app/account/c.server.ts: reads the user from a request (getUserId(context))",
      "app/routes/api/d.ts: reads ?lang= itself (getLang, langOfUrl)",
      "app/layout/e.server.ts: resolves a path's prefix itself (langOfUrl)",
    ]);
  });

  it("hold in app/ and the Worker's entry", () => {
    const files = [...sourceFiles("app"), ...sourceFiles("workers").filter((f) => /^workers\/[^/]+\.ts$/.test(f.path))].map((f) => ({
      path: f.path,
      // Comments may name what they do not do.
      text: readFileSync(join(ROOT, f.path), "utf8")
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .replace(/^\s*\/\/.*$/gm, ""),
    }));
    expect(askingViolations(files)).toEqual([]);
  });
});
