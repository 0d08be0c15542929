import { describe, expect, it } from "vitest";
import { generateCatalogue, SIZE_SCALES, type SizeKind } from "../../workers/seed/catalogue";
import { SIZE_CHARTS, sizeChartStatements } from "../../workers/seed/size-charts";
import { preselectedSku, savedFor } from "~/catalogue/size-table.server";

describe("demo size charts", () => {
  const catalogue = generateCatalogue();

  it("cover every sized scale with a chart for all its categories and brands, in the scale's own sizes", () => {
    for (const kind of Object.keys(SIZE_SCALES) as SizeKind[]) {
      if (kind === "one") continue;
      const charts = SIZE_CHARTS.filter((c) => c.kind === kind);
      expect(charts.length, kind).toBeGreaterThan(0);
      for (const c of charts)
        expect(
          c.rows.map((r) => r.size),
          `${kind} ${c.id}`,
        ).toEqual(SIZE_SCALES[kind]);
      // Clothes are charted per gender (women, men): together they cover every clothing category.
      const general = charts.filter((c) => c.brandSlug === null);
      for (const cat of catalogue.categories.filter((x) => x.size_kind === kind))
        expect(
          general.some((c) => c.categoryPath === null || cat.path === c.categoryPath || cat.path.startsWith(`${c.categoryPath}/`)),
          cat.path,
        ).toBe(true);
    }
    expect(SIZE_CHARTS.some((c) => c.kind === "one")).toBe(false);
  });

  it("give each row EU, RU and UZ sizes and every measurement its chart names", () => {
    for (const c of SIZE_CHARTS)
      for (const r of c.rows) {
        for (const v of [r.eu, r.ru, r.uz]) expect(v).toMatch(/^\d+$/);
        expect(Object.keys(r.measurements).sort()).toEqual([...c.measures].sort());
      }
  });

  it("name categories and brands the catalogue has, in statements with fixed ids", () => {
    const [charts, rows] = sizeChartStatements(catalogue);
    expect(charts).toMatch(/^INSERT OR REPLACE INTO size_charts /);
    expect(rows).toMatch(/^INSERT OR REPLACE INTO size_chart_rows /);
    expect(charts!.split("\n").length - 1).toBe(SIZE_CHARTS.length);
    expect(rows!.split("\n").length - 1).toBe(SIZE_CHARTS.reduce((n, c) => n + c.rows.length, 0));
  });
});

describe("saved sizes", () => {
  const saved = { shoe: ["36", "38"], clothing: ["M"] };
  it("are the shoe sizes for shoes, the clothing sizes for clothes, none for kids", () => {
    expect(savedFor("footwear", saved)).toEqual(["36", "38"]);
    expect(savedFor("clothing", saved)).toEqual(["M"]);
    expect(savedFor("kids-footwear", saved)).toEqual([]);
    expect(savedFor("footwear", null)).toEqual([]);
  });
  it("choose the first of them in stock, in the product's order", () => {
    const sizes = [
      { id: 1, size: "35", stock: 3 },
      { id: 2, size: "36", stock: 0 },
      { id: 3, size: "38", stock: 1 },
    ];
    expect(preselectedSku("footwear", sizes, saved)).toBe(3);
    expect(preselectedSku("footwear", sizes.slice(0, 2), saved)).toBeNull();
    expect(preselectedSku("footwear", sizes, null)).toBeNull();
  });
});
