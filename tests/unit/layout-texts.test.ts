import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The layout (app/ui) renders on every page, and every page sends the "common"
// namespace; a layout text from another namespace shows as a raw key on pages
// that do not load it.
describe("layout texts", () => {
  it("come only from the common namespace (or namespaces of every page that uses the piece)", () => {
    const layoutFiles = ["header.tsx", "footer.tsx", "error-page.tsx", "breadcrumbs.tsx", "language-switcher.tsx", "counter-link.tsx", "price.tsx"];
    for (const file of layoutFiles) {
      const source = readFileSync(`app/ui/${file}`, "utf8");
      const keys = [...source.matchAll(/\bt\(\s*[`"]([^`"]+)[`"]/g)].map((m) => m[1]!);
      for (const key of keys) expect(key.includes(":"), `${file}: ${key}`).toBe(false);
    }
    expect(readdirSync("app/ui").length).toBeGreaterThan(5);
  });
});
