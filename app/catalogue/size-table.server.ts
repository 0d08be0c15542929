import type { Lang } from "~/i18n/languages";
import { type SavedSizes, type SizeTable, SIZE_MEASURES, type SizeMeasure } from "./size-table";

/**
 * The chart that fits product `?1` (an id, or `slug` when `by` says so): charts of its
 * category's size scale, of its brand or of any, of a category above it (or of every one);
 * its brand's first, then the deepest category. An SQL expression giving the chart's id.
 */
export function chartIdSql(by: "id" | "slug" = "id", product = "?1"): string {
  // Aliases of its own: the expression sits inside queries that name products p.
  return `(SELECT sc.id FROM products sp JOIN categories spc ON spc.id = sp.category_id
     JOIN size_charts sc ON sc.size_kind = spc.size_kind
     LEFT JOIN categories scc ON scc.id = sc.category_id
     WHERE sp.${by} = ${product} AND (sc.brand_id IS NULL OR sc.brand_id = sp.brand_id)
       AND (sc.category_id IS NULL OR spc.path = scc.path OR spc.path LIKE scc.path || '/%')
     ORDER BY sc.brand_id IS NOT NULL DESC, COALESCE(scc.depth, -1) DESC LIMIT 1)`;
}

/**
 * A product's size table in one round trip: the product (null when unknown) and its chart
 * (null when none fits it, as for accessories). `saved`: the shopper's own sizes, whose rows
 * are marked (clothing and footwear scales; kids' charts are a child's).
 */
export async function sizeTableOf(
  db: D1Database,
  lang: Lang,
  product: { id: number } | { slug: string },
  saved: SavedSizes | null = null,
): Promise<{ product: { id: number; slug: string; name: string; kind: string } | null; table: SizeTable | null }> {
  const by = "id" in product ? "id" : "slug";
  const key = "id" in product ? product.id : product.slug;
  const [head, rows] = await db.batch([
    db
      .prepare(
        `SELECT p.id, p.slug, t.name, cat.size_kind AS kind, sc.measures FROM products p
         JOIN categories cat ON cat.id = p.category_id
         JOIN product_translations t ON t.product_id = p.id AND t.lang = ?2
         LEFT JOIN size_charts sc ON sc.id = ${chartIdSql(by)}
         WHERE p.${by} = ?1`,
      )
      .bind(key, lang),
    db.prepare(`SELECT size, eu, ru, uz, measurements FROM size_chart_rows WHERE chart_id = ${chartIdSql(by)} ORDER BY position`).bind(key),
  ]);
  const p = head!.results[0] as { id: number; slug: string; name: string; kind: string; measures: string | null } | undefined;
  if (!p) return { product: null, table: null };
  const { measures, ...info } = p;
  if (measures === null) return { product: info, table: null };
  const mine = new Set(savedFor(p.kind, saved));
  return {
    product: info,
    table: {
      kind: p.kind,
      measures: (JSON.parse(measures) as string[]).filter((m): m is SizeMeasure => (SIZE_MEASURES as readonly string[]).includes(m)),
      rows: (rows!.results as { size: string; eu: string; ru: string; uz: string; measurements: string }[]).map((r) => ({
        size: r.size,
        eu: r.eu,
        ru: r.ru,
        uz: r.uz,
        measurements: JSON.parse(r.measurements) as Partial<Record<SizeMeasure, string>>,
        saved: mine.has(r.size),
      })),
    },
  };
}

/** The shopper's saved sizes that a size scale uses: shoe sizes for shoes, clothing sizes for clothes, none for the rest. */
export function savedFor(kind: string, saved: SavedSizes | null): string[] {
  if (!saved) return [];
  return kind === "footwear" ? saved.shoe : kind === "clothing" ? saved.clothing : [];
}

/** The size to choose for the shopper on a product page: the first of theirs the product has in stock, else none. */
export function preselectedSku(kind: string, sizes: { id: number; size: string; stock: number }[], saved: SavedSizes | null): number | null {
  const mine = new Set(savedFor(kind, saved));
  return sizes.find((s) => s.stock > 0 && mine.has(s.size))?.id ?? null;
}
