/**
 * Stock moves, for an order's batch (with the import's and the console's count, the only writes of skus): taking stock
 * fails the batch (CHECK stock >= 0) when another order took it meanwhile.
 */
export function takeStockStatement(db: D1Database, skuId: number, quantity: number): D1PreparedStatement {
  return db.prepare("UPDATE skus SET stock = stock - ? WHERE id = ?").bind(quantity, skuId);
}

/**
 * Stock given back: `lines` is a query of (sku_id, quantity) rows bound by
 * `binds` (numbered ?1, ?2 …), so the batch's other statements see the same
 * rows (a cancelled order's lines).
 */
export function returnStockStatement(db: D1Database, lines: string, ...binds: unknown[]): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE skus SET stock = stock + (SELECT SUM(quantity) FROM (${lines}) l WHERE l.sku_id = skus.id)
       WHERE id IN (SELECT sku_id FROM (${lines}))`,
    )
    .bind(...binds);
}

/** A size's stock set outright (the operator's count), one statement: what orders take meanwhile is overwritten by the count, as a stocktake means. */
export function setStockStatement(db: D1Database, productSlug: string, skuId: number, stock: number): D1PreparedStatement {
  return db
    .prepare("UPDATE skus SET stock = ?3 WHERE id = ?2 AND product_id = (SELECT id FROM products WHERE slug = ?1) RETURNING id")
    .bind(productSlug, skuId, stock);
}
