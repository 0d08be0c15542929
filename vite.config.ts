import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { libraryVersions } from "./scripts/vite-library-versions.ts";
import { reactStringChunks } from "./scripts/vite-react-string-chunks.ts";
import { zodBrowser } from "./scripts/vite-zod-browser.ts";
import { conformHelpersOnce } from "./scripts/vite-conform-helpers.ts";

export default defineConfig(({ command }) => ({
  plugins: [libraryVersions(), cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), reactStringChunks(), zodBrowser(), conformHelpersOnce()],
  // The local stand-ins and the bench's layers (injected faults and distance, recorded D1
  // answers, a lagging replica) are left out of the deployed build (SHOP_STAND_INS=0, decision 205).
  define: { __STAND_INS__: JSON.stringify(process.env.SHOP_STAND_INS !== "0") },
  resolve: {
    tsconfigPaths: true,
    // react-dom/server's edge entry also bundles the legacy renderToString build
    // (≈ 30 KB gzip) that nothing here calls; the production build takes only the
    // streaming renderer. Not in dev: that build is React's production one, and the
    // dev server runs React's development build (mixing them fails every render).
    // docs/decisions/204-react-dom-server-alias.md.
    alias:
      command === "build"
        ? [
            {
              find: /^react-dom\/server$/,
              replacement: fileURLToPath(new URL("node_modules/react-dom/cjs/react-dom-server.edge.production.js", import.meta.url)),
            },
          ]
        : [],
  },
  environments: {
    // The Worker's bundle minified: a third of its size (cold starts parse less; the 300 KB
    // budget holds with the checkout). Source maps keep stack traces readable.
    // SSR_MINIFY=0: readable function names for `npm run profile`.
    // The stylesheet the Worker inlines (app.css?inline in entry.server) minified whatever that says.
    ssr: { build: { minify: process.env.SSR_MINIFY !== "0", cssMinify: true } },
    client: {
      build: {
        // CLIENT_SOURCEMAP=1: source maps for the browser's chunks, to see which module a chunk's bytes come from.
        sourcemap: process.env.CLIENT_SOURCEMAP === "1",
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The layout's shared pieces (layout/, ui/, i18n/, the cart's popup host and client
              // store, the card grid's frame) in one chunk: every page needs them, and a few small
              // chunks cost more bytes than one. The line list (ui/line-list) and the tooltip (ui/tooltip) are the checkout's and the
              // orders' only, the pager (ui/pagination) the listings' and favourites'. Markup escaping (ui/html) is only for the
              // pages that write cards or facet rows in the browser, the markup hook (ui/markup) the product page's only, the pictures' srcset (ui/picture) the grids' and the cart's,
              // the dialog's behaviour (ui/dialog), the route popups' frame (ui/route-popup) and the popup loader (ui/popup-content) the popups' (cart, review, size table) that load on use,
              // the notices' close link (ui/closable-notice) the account's, the cart's and the favourites', and the search box's suggestions (layout/search-combobox) load on focus: none
              // belongs on every page. Vite's preload helper (for the lazy imports of imask and the
              // combobox) is a chunk of its own: left to itself it lands in the forms chunk, and the
              // catalogue's price mask then loaded all of zod and conform with it.
              groups: [
                {
                  name: "app",
                  test: /[\\/]app[\\/]((ui[\\/](?!html|line-list|tooltip|pagination|markup|picture|dialog|route-popup|popup-content|closable-notice)|i18n[\\/]|layout[\\/](?!search-combobox))|cart[\\/](analytics|popup-host|store|layout\.ts)|catalogue[\\/]card-grid)/,
                },
                // The form rows and conform's glue, one chunk for the pages with forms (checkout,
                // account, sign-in, the review form): shared two ways they split into many small files.
                // The money mask and amounts are the catalogue's filters' only.
                { name: "forms", test: /[\\/]app[\\/]forms[\\/](?!combobox|parse\.server|number-mask|amount)/ },
                { name: "preload-helper", test: /preload-helper/, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
}));
