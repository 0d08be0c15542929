/**
 * Writes of the products' search columns (`search_name`, `search_category`, `search_rest`): the
 * catalogue owns `products`, the search computes what the columns hold and runs these; the
 * table's triggers bring the FTS5 index along (workers/migrations/0020_search_index.sql).
 */

/** A product's three search columns, as the search computed them. */
export function searchColumnsStatement(
  db: D1Database,
  id: number,
  c: { search_name: string; search_category: string; search_rest: string },
): D1PreparedStatement {
  return db
    .prepare("UPDATE products SET search_name = ?, search_category = ?, search_rest = ? WHERE id = ?")
    .bind(c.search_name, c.search_category, c.search_rest, id);
}

/** Terms added to `search_rest` of every product the index matches (`match`, an FTS5 MATCH expression). */
export function addSearchTermsStatement(db: D1Database, terms: string, match: string): D1PreparedStatement {
  return db
    .prepare(`UPDATE products SET search_rest = trim(search_rest || ' ' || ?1) WHERE id IN (SELECT rowid FROM product_search WHERE product_search MATCH ?2)`)
    .bind(terms, match);
}
