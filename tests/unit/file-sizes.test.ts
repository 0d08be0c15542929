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
    const over = files.filter((f) => f.lines > f.limit).map((f) => `${f.path}: ${f.lines} lines (at most ${f.limit})`);
    expect(over).toEqual([]);
  });
});
