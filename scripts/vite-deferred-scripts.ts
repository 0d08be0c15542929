import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { applyPatches } from "./vite-patch.ts";

/**
 * The page's scripts start after its first paint (app/server/deferred-scripts.server.ts says why
 * and how). React Router offers no option for it, so the Worker's build patches `<Scripts>`:
 * its module script goes through `deferUntilFirstPaint` with the modules its links would have
 * preloaded, and it writes none of those links (the browser would fetch them at once). Each
 * replacement must match exactly once, or the build fails here instead of shipping React
 * Router's scripts unnoticed (tests/unit/deferred-scripts.test.ts runs it on the installed one).
 */
export const ROUTER_COMPONENTS = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]components\.js$/;

const HELPER = fileURLToPath(new URL("../app/server/deferred-scripts.server.ts", import.meta.url));

/** The end of React Router's module script template: the rewrite goes right after it. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: React Router's template literal, matched as written
const ENTRY_IMPORT = "import(${JSON.stringify(manifest.entry.module)});`;";

/** `<Scripts>`'s own list of the routes' module links (after the manifest's and the entry's). */
const ROUTER_PRELOADS = "[...new Set(manifest.entry.imports.concat(getModuleLinkHrefs(matches, manifest, { includeHydrateFallback: true })))]";

/** The modules `<Scripts>` preloads, in its order: the manifest's, the entry, then its own list. */
const PRELOADS = `[...new Set([...(!enableFogOfWar ? [manifest.url] : []), manifest.entry.module, ...${ROUTER_PRELOADS}])]`;

const LINK = 'React$1.createElement("link", {\n\t\trel: "modulepreload",\n\t\thref: ';

export function patchRouterScripts(code: string): string {
  const patched = applyPatches(
    code,
    [
      [ENTRY_IMPORT, `${ENTRY_IMPORT}\n\t\trouteModulesScript = __deferUntilFirstPaint(routeModulesScript, ${PRELOADS});`],
      [`!enableFogOfWar ? /* @__PURE__ */ ${LINK}manifest.url,`, `false ? ${LINK}manifest.url,`],
      [`/* @__PURE__ */ ${LINK}manifest.entry.module,`, `false && ${LINK}manifest.entry.module,`],
      // The links' list, whole (PRELOADS is built on it), so a change here fails the build.
      [`let preloads = isHydrated || isRSCRouterContext ? [] : ${ROUTER_PRELOADS};`, `let preloads = true ? [] : ${ROUTER_PRELOADS};`],
      // The names the inserted line reads, as <Scripts> declares them (kept as they are).
      ...[
        "let enableFogOfWar = isFogOfWarEnabled(",
        "let matches = getActiveMatches(routerMatches, null, isSpaMode);",
        "let routeModulesScript = !isStatic ?",
      ].map((line) => [line, line] as const),
    ],
    (from, found) =>
      `deferred-scripts: expected React Router's "${from.split("\n")[0]}" once in <Scripts>, found it ${found} times; React Router changed: re-check scripts/vite-deferred-scripts.ts`,
  );
  return `import { deferUntilFirstPaint as __deferUntilFirstPaint } from ${JSON.stringify(HELPER)};\n${patched}`;
}

/**
 * The Worker's build only: in the browser `<Scripts>` runs after the modules have loaded, and
 * what it writes while hydrating (the links React then adds to the head) asks for nothing the
 * page has not already got, so the page's JavaScript stays without the patch's bytes.
 */
export function deferredScripts(): Plugin {
  let patched = false;
  return {
    name: "deferred-scripts",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!ROUTER_COMPONENTS.test(id)) return null;
      patched = true;
      // The inserted lines move React Router's code: drop its source map rather than point it wrong.
      return { code: patchRouterScripts(code), map: { mappings: "" } };
    },
    buildEnd(error) {
      // React Router's file moved or renamed: fail rather than ship its scripts unnoticed.
      if (!error && !patched) throw new Error("deferred-scripts: React Router's components module was not in the Worker's build; re-check ROUTER_COMPONENTS");
    },
  };
}
