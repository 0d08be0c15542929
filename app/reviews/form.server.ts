import type { Lang } from "~/i18n/languages";
import { groupByParameter, NAME } from "./reviews.server";

export type FormParameter = { id: number; name: string; values: { id: number; name: string }[] };

/** What the add-review form asks about a product: its id and name, and its matching parameters with their values. */
export async function reviewFormOf(db: D1Database, lang: Lang, slug: string): Promise<{ productId: number; name: string; parameters: FormParameter[] } | null> {
  const name = NAME[lang];
  const [product, values] = await db.batch([
    db.prepare("SELECT p.id, t.name FROM products p JOIN product_translations t ON t.product_id = p.id AND t.lang = ?2 WHERE p.slug = ?1").bind(slug, lang),
    db
      .prepare(
        `SELECT mp.id AS parameterId, mp.${name} AS parameter, mv.id, mv.${name} AS name
         FROM products p JOIN category_matching_parameters cmp ON cmp.category_id = p.category_id
         JOIN matching_parameters mp ON mp.id = cmp.parameter_id JOIN matching_values mv ON mv.parameter_id = mp.id
         WHERE p.slug = ?1 ORDER BY cmp.position, mv.position`,
      )
      .bind(slug),
  ]);
  const head = product!.results[0] as { id: number; name: string } | undefined;
  if (!head) return null;
  const parameters: FormParameter[] = groupByParameter(values!.results as { parameterId: number; parameter: string; id: number; name: string }[]);
  return { productId: head.id, name: head.name, parameters };
}
