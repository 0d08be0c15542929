import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The layout's shared pieces (ui/, i18n/) in one chunk: every page
              // needs them, and a few small chunks cost more bytes than one.
              groups: [{ name: "app", test: /[\\/]app[\\/](ui|i18n)[\\/]/ }],
            },
          },
        },
      },
    },
  },
});
