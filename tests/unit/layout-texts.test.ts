import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The layout (app/layout) and the design system (app/ui) render on every page, and every page sends the "common"
// namespace; a layout text from another namespace shows as a raw key on pages
// that do not load it.
describe("layout texts", () => {
  it("come only from the common namespace (or namespaces of every page that uses the piece)", () => {
    const layoutFiles = ["layout", "ui"].flatMap((dir) => readdirSync(`app/${dir}`).filter((f) => /\.tsx?$/.test(f)).map((f) => `app/${dir}/${f}`));
    for (const file of layoutFiles) {
      const source = readFileSync(file, "utf8");
      const keys = [...source.matchAll(/\bt\(\s*[`"]([^`"]+)[`"]/g)].map((m) => m[1]!);
      for (const key of keys) expect(key.includes(":"), `${file}: ${key}`).toBe(false);
    }
    expect(layoutFiles.length).toBeGreaterThan(10);
  });
});
