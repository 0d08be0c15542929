import { searchColumnsStatement } from "~/catalogue/index.server";
import { synonymsForIndex } from "./synonyms.server";
import { productSearchColumns } from "./terms.server";

type SourceRow = { id: number; brand: string; names: string; descriptions: string; categories: string; colour: string };

/** Statements per batch of the refresh's updates. */
const UPDATES_PER_BATCH = 100;

/**
 * Writes the search columns of the given products (every product without ids) from what D1
 * holds of them: names and descriptions, brand, category chain, colour, and the words operators
 * taught search (`addSynonym`). For a writer that
 * changed them in other tables (a renamed brand or category, new translations), and to
 * index products written before the index existed; the triggers on `products` bring the
 * FTS5 index along. Answers how many products it wrote.
 */
export async function refreshSearchTerms(db: D1Database, ids?: readonly number[]): Promise<number> {
  const synonyms = await synonymsForIndex(db);
  const { results } = await db
    .prepare(
      `SELECT p.id, b.name AS brand,
         (SELECT json_group_array(name) FROM product_translations WHERE product_id = p.id) AS names,
         (SELECT json_group_array(description) FROM product_translations WHERE product_id = p.id) AS descriptions,
         (SELECT json_group_array(json_array(c.name_uz, c.name_ru, c.name_uk)) FROM categories leaf JOIN categories c
            ON instr(leaf.path || '/', c.path || '/') = 1 WHERE leaf.id = p.category_id) AS categories,
         json_array(co.name_uz, co.name_ru, co.name_uk) AS colour
       FROM products p JOIN brands b ON b.id = p.brand_id JOIN colors co ON co.id = p.color_id
       WHERE ?1 IS NULL OR p.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(ids ? JSON.stringify(ids) : null)
    .all<SourceRow>();
  const updates = results.map((r) => {
    const names: string[] = JSON.parse(r.names);
    const categories: string[][] = JSON.parse(r.categories);
    const c = productSearchColumns(
      {
        names: [...names, r.brand],
        categories: categories.flat(),
        other: [...(JSON.parse(r.colour) as string[]), ...(JSON.parse(r.descriptions) as string[])],
      },
      synonyms,
    );
    return searchColumnsStatement(db, r.id, c);
  });
  for (let i = 0; i < updates.length; i += UPDATES_PER_BATCH) await db.batch(updates.slice(i, i + UPDATES_PER_BATCH));
  return updates.length;
}
