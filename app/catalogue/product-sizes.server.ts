import type { Lang } from "~/i18n/languages";

/** A product's name and sizes (with their stock), for forms that name one of its sizes (the gift hint). */
export type ProductSizes = { id: number; slug: string; name: string; sizes: { id: number; size: string; stock: number }[] };

/** A product by id or slug with its sizes in order, in one round trip; null when there is none. */
export async function productSizesOf(db: D1Database, lang: Lang, product: { id: number } | { slug: string }): Promise<ProductSizes | null> {
  const by = "id" in product ? "id" : "slug";
  const key = "id" in product ? product.id : product.slug;
  const [head, sizes] = await db.batch([
    db
      .prepare(`SELECT p.id, p.slug, t.name FROM products p JOIN product_translations t ON t.product_id = p.id AND t.lang = ?2 WHERE p.${by} = ?1`)
      .bind(key, lang),
    db.prepare(`SELECT s.id, s.size, s.stock FROM skus s JOIN products p ON p.id = s.product_id WHERE p.${by} = ?1 ORDER BY s.position, s.id`).bind(key),
  ]);
  const p = head!.results[0] as { id: number; slug: string; name: string } | undefined;
  return p ? { ...p, sizes: sizes!.results as ProductSizes["sizes"] } : null;
}
