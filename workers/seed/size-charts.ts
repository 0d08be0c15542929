/**
 * Demo size charts (workers/migrations/0022_size_charts.sql): women's and men's clothing
 * (chest, waist, hips), footwear and kids' footwear (foot length), kids' clothing (height,
 * chest, waist), and one brand whose shoes run small (Khiva Leather: a shorter foot per
 * size). Sizes are the catalogue's own (workers/seed/catalogue.ts SIZE_SCALES), with their
 * EU, RU and UZ equivalents. Deterministic; INSERT OR REPLACE with fixed ids, so loading
 * it again updates the charts.
 */
import { type Catalogue, SIZE_SCALES, type SizeKind, sqlLiteral } from "./catalogue.ts";

export type Measure = "chest" | "waist" | "hips" | "height" | "foot";
type Row = { size: string; eu: string; ru: string; uz: string; measurements: Partial<Record<Measure, string>> };
export type SizeChart = { id: number; kind: SizeKind; categoryPath: string | null; brandSlug: string | null; measures: Measure[]; rows: Row[] };

const range = (from: number, step: number, i: number) => `${from + step * i}–${from + step * (i + 1)}`;
/** Foot length in cm of an EU shoe size (a Paris point is 2/3 cm, less the shoe's allowance), less `shorter`. */
const foot = (eu: number, shorter = 0) => (Math.round(((eu * 2) / 3 - 1.5 - shorter) * 10) / 10).toFixed(1);

const clothing = (euFrom: number, ruFrom: number, chest: number, waist: number, hips: number): Row[] =>
  SIZE_SCALES.clothing.map((size, i) => ({
    size,
    eu: String(euFrom + 2 * i),
    ru: String(ruFrom + 2 * i),
    // Uzbek shops size clothes as Russian ones do.
    uz: String(ruFrom + 2 * i),
    measurements: { chest: range(chest, 4, i), waist: range(waist, 4, i), hips: range(hips, 4, i) },
  }));

const shoes = (kind: "footwear" | "kids-footwear", shorter = 0): Row[] =>
  SIZE_SCALES[kind].map((size) => {
    const eu = Number(size);
    // Russian (and Uzbek) shoe sizes run one below the European.
    return { size, eu: size, ru: String(eu - 1), uz: String(eu - 1), measurements: { foot: foot(eu, shorter) } };
  });

/** Kids' clothes are sized by height; the Russian size is half the chest. */
const KIDS_RU = ["52", "52", "56", "56", "60", "60", "64", "68", "68"];
const kids = (): Row[] =>
  SIZE_SCALES.kids.map((size, i) => {
    const height = Number(size);
    return {
      size,
      eu: size,
      ru: KIDS_RU[i]!,
      uz: KIDS_RU[i]!,
      measurements: { height: `${height - 5}–${height}`, chest: range(52, 2, i), waist: range(50, 1, i) },
    };
  });

export const SIZE_CHARTS: SizeChart[] = [
  { id: 1, kind: "clothing", categoryPath: "women", brandSlug: null, measures: ["chest", "waist", "hips"], rows: clothing(32, 40, 80, 62, 88) },
  { id: 2, kind: "clothing", categoryPath: "men", brandSlug: null, measures: ["chest", "waist", "hips"], rows: clothing(42, 44, 84, 72, 88) },
  { id: 3, kind: "footwear", categoryPath: null, brandSlug: null, measures: ["foot"], rows: shoes("footwear") },
  { id: 4, kind: "kids", categoryPath: null, brandSlug: null, measures: ["height", "chest", "waist"], rows: kids() },
  { id: 5, kind: "kids-footwear", categoryPath: null, brandSlug: null, measures: ["foot"], rows: shoes("kids-footwear") },
  { id: 6, kind: "footwear", categoryPath: null, brandSlug: "khiva-leather", measures: ["foot"], rows: shoes("footwear", 0.5) },
];

/** Upserts of the charts and their rows, ids resolved against the catalogue (no trailing semicolons). */
export function sizeChartStatements(cat: Catalogue, charts: SizeChart[] = SIZE_CHARTS): string[] {
  const categoryId = (path: string) => cat.categories.find((c) => c.path === path)!.id;
  const brandId = (slug: string) => cat.brands.find((b) => b.slug === slug)!.id;
  const row = (values: (string | number | null)[]) => `(${values.map(sqlLiteral).join(", ")})`;
  return [
    `INSERT OR REPLACE INTO size_charts (id, size_kind, category_id, brand_id, measures) VALUES\n${charts
      .map((c) =>
        row([
          c.id,
          c.kind,
          c.categoryPath === null ? null : categoryId(c.categoryPath),
          c.brandSlug === null ? null : brandId(c.brandSlug),
          JSON.stringify(c.measures),
        ]),
      )
      .join(",\n")}`,
    `INSERT OR REPLACE INTO size_chart_rows (chart_id, position, size, eu, ru, uz, measurements) VALUES\n${charts
      .flatMap((c) => c.rows.map((r, i) => row([c.id, i, r.size, r.eu, r.ru, r.uz, JSON.stringify(r.measurements)])))
      .join(",\n")}`,
  ];
}
