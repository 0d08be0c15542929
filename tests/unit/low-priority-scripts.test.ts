import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { patchRouterScripts, ROUTER_COMPONENTS } from "../../scripts/vite-low-priority-scripts.ts";

// The build step that asks for React Router's module preloads at low priority (scripts/vite-low-priority-scripts.ts).

const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve("react-router/package.json")), "dist/production/lib/dom/ssr/components.js");
const source = readFileSync(file, "utf8");

describe("low-priority module preloads", () => {
  it("matches the installed React Router's components module", () => {
    expect(ROUTER_COMPONENTS.test(file)).toBe(true);
  });

  it("adds fetchPriority low to the three links <Scripts> writes, and to nothing else", () => {
    const patched = patchRouterScripts(source);
    expect(patched.split('fetchPriority: "low"').length - 1).toBe(3);
    // The prefetch links of other pages (<PrefetchPageLinks>) keep the browser's own priority.
    expect(patched.split('rel: "modulepreload"').length).toBe(source.split('rel: "modulepreload"').length);
    expect(patched.replaceAll('fetchPriority: "low",\n\t\t', "")).toBe(source);
  });

  it("fails the build when React Router's code changed instead of shipping it unpatched", () => {
    expect(() => patchRouterScripts(source.replace('rel: "modulepreload",\n\t\thref: path,', 'rel: "modulepreload", href: path,'))).toThrow(
      /React Router changed/,
    );
  });
});
