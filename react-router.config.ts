import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The upload's size is measured on a build of its own (scripts/bundle-size.mjs): build/deployed.
  buildDirectory: process.env.SHOP_BUILD_DIR || "build",
} satisfies Config;
