import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, sourcePaths } from "./app-sources";

/**
 * Files small enough to read in one sitting (docs/architecture.md, "Boundaries"):
 * an app file at most 350 lines, a route module (app/routes/**) at most 200, since routes
 * are thin, and a test file (anything under tests/) at most 500. A file over its limit
 * is split by what its parts do.
 */
const APP_MAX = 350;
const ROUTE_MAX = 200;
const TEST_MAX = 500;

/**
 * Files still over their limit, with their line count when this test was written: each
 * may not grow past it. The list only shrinks: a file brought under its limit leaves it,
 * and no file joins it.
 */
const STILL_OVER: Record<string, number> = {
  "app/routes/pages/product.tsx": 216,
  "app/routes/pages/search.tsx": 223,
};

/** Lines as `wc -l` counts them (a last line without its newline counts too). */
function linesOf(path: string): number {
  const text = readFileSync(join(ROOT, path), "utf8");
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

const limitOf = (path: string) => (path.startsWith("app/routes/") ? ROUTE_MAX : path.startsWith("app/") ? APP_MAX : TEST_MAX);

const files = [...sourcePaths("app"), ...sourcePaths("tests")].map((path) => ({ path, lines: linesOf(path), limit: limitOf(path) }));

describe("file sizes", () => {
  it("finds the files it measures", () => {
    expect(files.some((f) => f.path === "app/root.tsx")).toBe(true);
    expect(files.some((f) => f.path === "tests/unit/file-sizes.test.ts")).toBe(true);
  });

  it(`keeps app files within ${APP_MAX} lines, route modules within ${ROUTE_MAX}, test files within ${TEST_MAX}`, () => {
    const over = files.filter((f) => f.lines > f.limit && !(f.path in STILL_OVER)).map((f) => `${f.path}: ${f.lines} lines (at most ${f.limit})`);
    expect(over).toEqual([]);
  });

  it("lets no file on the list of those still over grow, and takes off it those back within their limit", () => {
    const wrong = Object.entries(STILL_OVER).flatMap(([path, listed]) => {
      const f = files.find((x) => x.path === path);
      if (!f) return [`${path}: gone; take it off STILL_OVER`];
      if (f.lines <= f.limit) return [`${path}: ${f.lines} lines, within ${f.limit}; take it off STILL_OVER`];
      return f.lines > listed ? [`${path}: ${f.lines} lines, grown past the ${listed} listed`] : [];
    });
    expect(wrong).toEqual([]);
  });
});
