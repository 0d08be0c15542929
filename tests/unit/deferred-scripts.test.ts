import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { deferUntilFirstPaint } from "../../app/server/deferred-scripts.server.ts";
import { patchRouterScripts, ROUTER_COMPONENTS } from "../../scripts/vite-deferred-scripts.ts";

// The page's scripts start after its first paint: the build's patch of React Router's <Scripts>
// (scripts/vite-deferred-scripts.ts) and the rewrite of its module script it calls.

const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve("react-router/package.json")), "dist/production/lib/dom/ssr/components.js");
const source = readFileSync(file, "utf8");

// React Router's module script for a catalogue page, as its production build writes it.
const routerScript = `;
import * as route0 from "/assets/root-X.js";
import * as route1 from "/assets/catalogue-Y.js";
  window.__reactRouterManifest = {
  "entry": {"module": "/assets/entry.client-Z.js", "imports": ["/assets/app-A.js"]},
  "url": "/assets/manifest-1.js"
};
  window.__reactRouterRouteModules = {"root":route0,"routes/catalogue":route1};

import("/assets/entry.client-Z.js");`;

const preloads = ["/assets/entry.client-Z.js", "/assets/app-A.js", "/assets/root-X.js", "/assets/catalogue-Y.js"];

/** Runs a rewritten script in a stand-in browser and records what it asks for, in order. */
function run(script: string, page: { visibility: "visible" | "hidden"; paintTiming?: boolean; missing?: string }) {
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const addEventListener = (type: string, listener: () => void) => (listeners[type] = listener);
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  const timers: (() => void)[] = [];
  const window: Record<string, unknown> = {};
  const document = {
    visibilityState: page.visibility,
    createElement: () => ({}) as Record<string, string>,
    head: { append: (link: Record<string, string>) => events.push(`link ${link.rel} ${link.href}`) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = page.paintTiming === false ? ["resource"] : ["paint", "resource"];
    constructor(private callback: (typeof observers)[number]) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      observers.push(this.callback);
    }
  }
  const setTimeout = (callback: () => void, ms?: number) => {
    events.push(`timer ${ms ?? 0}`);
    timers.push(callback);
  };
  const load = (specifier: string) => {
    events.push(`import ${specifier}`);
    return specifier === page.missing ? Promise.reject(new TypeError(`Failed to fetch ${specifier}`)) : Promise.resolve({ from: specifier });
  };
  // `import(` is syntax, not a function: give the script one it can call.
  new Function("window", "document", "PerformanceObserver", "setTimeout", "addEventListener", "__import", script.replaceAll("import(", "__import("))(
    window,
    document,
    PerformanceObserver,
    setTimeout,
    addEventListener,
    load,
  );
  const paint = (name: string) => {
    events.push(name);
    for (const observer of observers) observer({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  };
  const settle = () => new Promise((resolve) => globalThis.setTimeout(resolve));
  return { events, window, paint, timeout: () => timers.shift()?.(), settle, dispatch: (type: string) => listeners[type]?.() };
}

describe("deferUntilFirstPaint", () => {
  it("asks for nothing until the browser reports the first contentful paint, then preloads every module and runs the imports", async () => {
    const page = run(deferUntilFirstPaint(routerScript, preloads), { visibility: "visible" });
    page.paint("first-paint");
    await page.settle();
    expect(page.events).toEqual(["timer 3000", "first-paint"]);
    page.paint("first-contentful-paint");
    await page.settle();
    expect(page.events).toEqual([
      "timer 3000",
      "first-paint",
      "first-contentful-paint",
      ...preloads.map((href) => `link modulepreload ${href}`),
      "import /assets/root-X.js",
      "import /assets/catalogue-Y.js",
      // The entry (which hydrates) only once the route modules are in place, as in React Router's.
      "import /assets/entry.client-Z.js",
    ]);
    expect(page.window.__reactRouterRouteModules).toEqual({ root: { from: "/assets/root-X.js" }, "routes/catalogue": { from: "/assets/catalogue-Y.js" } });
    expect(page.window.__reactRouterManifest).toMatchObject({ url: "/assets/manifest-1.js" });
    // The manifest's JSON travels without React Router's indentation.
    expect(deferUntilFirstPaint(routerScript, preloads)).toContain(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-Z.js","imports":["/assets/app-A.js"]},"url":"/assets/manifest-1.js"};',
    );
    // The 3 s fallback, when it fires after all, loads nothing twice.
    const before = page.events.length;
    page.timeout();
    await page.settle();
    expect(page.events).toHaveLength(before);
  });

  // The 3 s fallback, and a page hidden or shown before its first paint (a hidden page reports none until shown).
  it.each([
    ["the 3 s are over with no paint reported", (page: ReturnType<typeof run>) => page.timeout()],
    ["the page is hidden or shown before its first paint", (page: ReturnType<typeof run>) => page.dispatch("visibilitychange")],
  ])("loads when %s, and only once", async (_, trigger) => {
    const page = run(deferUntilFirstPaint(routerScript, preloads), { visibility: "visible" });
    await page.settle();
    expect(page.events).toEqual(["timer 3000"]);
    trigger(page);
    await page.settle();
    expect(page.events.at(-1)).toBe("import /assets/entry.client-Z.js");
    page.paint("first-contentful-paint");
    await page.settle();
    expect(page.events.filter((event) => event.startsWith("import"))).toHaveLength(3);
  });

  it("throws a module that failed to load again in a task of its own, as the static import's failure was reported", async () => {
    const page = run(deferUntilFirstPaint(routerScript, preloads), { visibility: "hidden", missing: "/assets/catalogue-Y.js" });
    await page.settle();
    expect(page.events).not.toContain("import /assets/entry.client-Z.js");
    expect(page.events.at(-1)).toBe("timer 0");
    expect(() => page.timeout()).toThrow("Failed to fetch /assets/catalogue-Y.js");
  });

  it("loads at once on a hidden page, which paints nothing, and where the browser does not report paints", async () => {
    for (const page of [
      run(deferUntilFirstPaint(routerScript, preloads), { visibility: "hidden" }),
      run(deferUntilFirstPaint(routerScript, preloads), { visibility: "visible", paintTiming: false }),
    ]) {
      await page.settle();
      expect(page.events.at(-1)).toBe("import /assets/entry.client-Z.js");
      expect(page.events).not.toContain("timer 3000");
    }
  });

  it("keeps a bare import (the manifest's module when routes are not discovered lazily) and split route chunks", async () => {
    const script = `import "/assets/manifest-1.js";
import * as route0_clientLoader from "/assets/root-loader.js";
import * as route0_main from "/assets/root-X.js";
const route0 = {...route0_clientLoader,...route0_main};
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-Z.js");`;
    const page = run(deferUntilFirstPaint(script, ["/assets/manifest-1.js"]), { visibility: "hidden" });
    await page.settle();
    expect(page.events.filter((event) => event.startsWith("import"))).toEqual([
      "import /assets/manifest-1.js",
      "import /assets/root-loader.js",
      "import /assets/root-X.js",
      "import /assets/entry.client-Z.js",
    ]);
    expect(page.window.__reactRouterRouteModules).toEqual({ root: { from: "/assets/root-X.js" } });
  });

  it("leaves a script without imports alone, and one with an import it does not know as React Router wrote it (logged)", () => {
    expect(deferUntilFirstPaint(" ", preloads)).toBe(" ");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const unknown = `import { a } from "/x.js";\n${routerScript}`;
    expect(deferUntilFirstPaint(unknown, preloads)).toBe(unknown);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/not one this rewrite knows/));
    error.mockRestore();
  });

  it("leaves no empty line where an import was", () => {
    expect(deferUntilFirstPaint(routerScript, preloads)).not.toMatch(/\n\s*\n\s*window\.__reactRouterManifest/);
  });
});

describe("the build's patch of <Scripts>", () => {
  it("matches the installed React Router's components module", () => {
    expect(ROUTER_COMPONENTS.test(file)).toBe(true);
  });

  it("rewrites the module script and writes none of its modulepreload links; other pages' prefetch links stay", () => {
    const patched = patchRouterScripts(source);
    expect(patched).toContain("routeModulesScript = __deferUntilFirstPaint(routeModulesScript, [...new Set(");
    expect(patched).toMatch(/^import \{ deferUntilFirstPaint as __deferUntilFirstPaint \} from ".*app[\\/]server[\\/]deferred-scripts\.server\.ts";\n/);
    const scripts = patched.slice(patched.indexOf("function Scripts("), patched.indexOf("function mergeRefs("));
    expect(scripts).toContain("let preloads = true ? [] : [...new Set(manifest.entry.imports.concat(getModuleLinkHrefs(");
    expect(scripts).toContain('false ? React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: manifest.url,');
    expect(scripts).toContain('false && React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: manifest.entry.module,');
    // <PrefetchPageLinks> (other pages' modules, on intent) is untouched.
    const outside = (code: string) => code.replace(code.slice(code.indexOf("function Scripts("), code.indexOf("function mergeRefs(")), "");
    expect(outside(patched).replace(/^import .*\n/, "")).toBe(outside(source));
  });

  it("fails the build when React Router's code changed instead of shipping it unpatched", () => {
    for (const [from, to] of [
      ["let preloads = isHydrated || isRSCRouterContext ? [] :", "let preloads = isHydrated ? [] :"],
      // The links' list changed: the deferred one would no longer be the same.
      ["getModuleLinkHrefs(matches, manifest, { includeHydrateFallback: true })))];", "getModuleLinkHrefs(matches, manifest)))];"],
      // A name the inserted line reads is renamed: it would fail every render, not the build.
      ["let enableFogOfWar = isFogOfWarEnabled(", "let lazyDiscovery = isFogOfWarEnabled("],
      ["let routeModulesScript = !isStatic ?", "let moduleScript = !isStatic ?"],
    ])
      expect(() => patchRouterScripts(source.replace(from, to)), from).toThrow(/React Router changed/);
  });
});
