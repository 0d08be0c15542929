import type { Plugin } from "vite";
import { applyPatches } from "./vite-patch.ts";

/**
 * React Router's `<Scripts>` preloads the page's modules with `<link rel="modulepreload">`,
 * which browsers fetch at high priority, beside the first screen's picture. Every page here
 * works as HTML before its script runs (links, forms), so the script can wait: the same
 * links with `fetchpriority="low"` leave the bandwidth of a slow network to the picture and
 * the page (React marks its own bootstrap scripts' preloads low for the same reason). React
 * Router offers no option for it, so the build adds the attribute to the three links
 * `<Scripts>` writes. Each must match exactly once, or the build fails here instead of
 * shipping the old priority unnoticed (tests/unit/low-priority-scripts.test.ts runs it on
 * the installed React Router).
 */
const LINKS = ["href: manifest.url,", "href: manifest.entry.module,", "href: path,"];

export const ROUTER_COMPONENTS = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/;

export function patchRouterScripts(code: string): string {
  return applyPatches(
    code,
    LINKS.map((href) => [`rel: "modulepreload",\n\t\t${href}`, `rel: "modulepreload",\n\t\tfetchPriority: "low",\n\t\t${href}`] as const),
    (from, found) =>
      `low-priority-scripts: expected React Router's modulepreload with "${from.split("\t").at(-1)}" once, found it ${found} times; React Router changed: re-check scripts/vite-low-priority-scripts.ts`,
  );
}

/**
 * The Worker's build only: in the browser `<Scripts>` writes these links while hydrating, and
 * React adopts the server's link of the same rel, href, title and crossorigin as it is (their
 * priority with it), so the page's JavaScript stays without the patch's bytes.
 */
export function lowPriorityScripts(): Plugin {
  let patched = false;
  return {
    name: "low-priority-scripts",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!ROUTER_COMPONENTS.test(id)) return null;
      patched = true;
      // The inserted lines move React Router's code: drop its source map rather than point it wrong.
      return { code: patchRouterScripts(code), map: { mappings: "" } };
    },
    buildEnd(error) {
      // React Router's file moved or renamed: fail rather than ship the old priority unnoticed.
      if (!error && !patched)
        throw new Error("low-priority-scripts: React Router's components module was not in the Worker's build; re-check ROUTER_COMPONENTS");
    },
  };
}
