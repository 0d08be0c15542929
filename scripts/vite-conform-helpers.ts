import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/**
 * @conform-to/dom, /react and /zod each ship their own copy of Babel's helpers
 * (_rollupPluginBabelHelpers.mjs); react's and zod's are the same file and dom's is a part of
 * it. The builds take react's copy for all three: ≈ 2.8 kB minified less in the forms chunk
 * and in the Worker (decision 205).
 */
const HELPERS = fileURLToPath(new URL("../node_modules/@conform-to/react/dist/_virtual/_rollupPluginBabelHelpers.mjs", import.meta.url));

export function conformHelpersOnce(): Plugin {
  return {
    name: "conform-helpers-once",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      return importer && /[\\/]@conform-to[\\/]/.test(importer) && source.endsWith("/_rollupPluginBabelHelpers.mjs") ? HELPERS : null;
    },
  };
}
