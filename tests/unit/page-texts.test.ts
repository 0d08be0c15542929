import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A page sends only the text namespaces its loader names (`texts(lang, [...])`) plus
 * the layout's "common"; a component that uses another namespace shows raw keys on
 * that page. This walks each page's imports (what is really imported: type imports
 * are left out, and a feature's door is followed only for the names taken from it)
 * and checks that every namespace a reached module uses is one the page loads.
 * Server modules are left out: loaders translate with i18next, which has every text.
 */

const NAMESPACES = readdirSync("locales/uz").map((f) => f.replace(/\.json$/, ""));
const KEY = new RegExp(`["'\`](${NAMESPACES.join("|")}):([\\w.]*)`, "g");

function resolve(spec: string, from: string): string | null {
  const base = spec.startsWith("~/") ? join("app", spec.slice(2)) : spec.startsWith(".") ? normalize(join(dirname(from), spec)) : null;
  if (!base) return null;
  for (const ext of ["", ".ts", ".tsx"]) if (existsSync(base + ext) && /\.tsx?$/.test(base + ext)) return base + ext;
  return null;
}

const source = (file: string) => readFileSync(file, "utf8");
const isServer = (file: string) => /\.server\.tsx?$/.test(file);

/** The modules a file really imports, with the names it takes ("*": all of it). */
function importsOf(file: string): { target: string; names: string[] | "*" }[] {
  const out: { target: string; names: string[] | "*" }[] = [];
  for (const m of source(file).matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/g)) {
    const [, , typeOnly, clause, spec] = m;
    const target = resolve(spec!, file);
    if (!target || typeOnly || isServer(target)) continue;
    const braces = /\{([^}]*)\}/.exec(clause!);
    const names = braces
      ? braces[1]!
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith("type "))
          .map((n) => n.split(/\s+as\s+/)[0]!.trim())
      : "*";
    if (names !== "*" && names.length === 0) continue;
    out.push({ target, names });
  }
  for (const m of source(file).matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) {
    const target = resolve(m[1]!, file);
    if (target && !isServer(target)) out.push({ target, names: "*" });
  }
  return out;
}

/** A door (index file) re-exports: follow only the modules that export the names taken. */
function follow(file: string, names: string[] | "*"): { target: string; names: string[] | "*" }[] {
  if (!/\/index\.tsx?$/.test(file) || names === "*") return importsOf(file);
  return importsOf(file).filter((i) => i.names === "*" || i.names.some((n) => names.includes(n)));
}

function namespacesReached(entry: string): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (file: string, names: string[] | "*") => {
    const id = `${file}|${names === "*" ? "*" : names.join(",")}`;
    if (seen.has(id) || isServer(file)) return;
    seen.add(id);
    if (!/\/index\.tsx?$/.test(file)) for (const m of source(file).matchAll(KEY)) if (!used.has(m[1]!)) used.set(m[1]!, file);
    for (const i of follow(file, names)) walk(i.target, i.names);
  };
  walk(entry, "*");
  return used;
}

function loadedBy(route: string): string[] {
  const m = /texts\([^,]+,\s*\[([^\]]*)\]/.exec(source(route));
  return ["common", ...(m ? [...m[1]!.matchAll(/["'](\w+)["']/g)].map((x) => x[1]!) : [])];
}

const pages = readdirSync("app/routes/pages")
  .filter((f) => f.endsWith(".tsx"))
  .map((f) => `app/routes/pages/${f}`)
  .filter((f) => /export default function/.test(source(f)));

describe("texts a page shows", () => {
  it("the walk sees real uses (a page of the cart reaches cart texts; the layout none but common)", () => {
    expect([...namespacesReached("app/routes/pages/cart.tsx").keys()]).toContain("cart");
    expect(pages.length).toBeGreaterThan(10);
  });

  for (const page of pages) {
    it(`${page}: every namespace its components use is one its loader sends`, () => {
      const loaded = loadedBy(page);
      for (const [ns, where] of namespacesReached(page)) expect(loaded, `${where} uses "${ns}:" on ${page}`).toContain(ns);
    });
  }

  it("the layout (root, and the cart UI it loads on every page) uses only common texts, and the read-only mode's that it sends while on", () => {
    expect(source("app/layout/layout.server.ts")).toMatch(/texts\(lang, readOnly \? \["common", "maintenance"\] : \["common"\]\)/);
    for (const entry of ["app/root.tsx", "app/cart/cart-ui.ts"]) {
      for (const [ns, where] of namespacesReached(entry)) {
        if (ns !== "maintenance") expect.fail(`${where} uses "${ns}:" in the layout, which sends only common`);
      }
    }
  });

  it("every namespaced key written out in full exists in the texts", () => {
    const texts = Object.fromEntries(NAMESPACES.map((ns) => [ns, JSON.parse(readFileSync(`locales/uz/${ns}.json`, "utf8"))]));
    const files = ["app"].flatMap(function list(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? list(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
      );
    });
    for (const file of files) {
      for (const m of source(file).matchAll(new RegExp(`["'](${NAMESPACES.join("|")}):([\\w.]+)["']`, "g"))) {
        const [, ns, key] = m;
        let node: unknown = texts[ns!];
        for (const part of key!.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
        const plural = ["one", "few", "many", "other"].some((s) => {
          let n: unknown = texts[ns!];
          const parts = `${key}_${s}`.split(".");
          for (const part of parts) n = n && typeof n === "object" ? (n as Record<string, unknown>)[part] : undefined;
          return typeof n === "string";
        });
        expect(typeof node === "string" || (node && typeof node === "object") || plural, `${file}: ${ns}:${key}`).toBeTruthy();
      }
    }
  });
});
