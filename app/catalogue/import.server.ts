import { mapRows } from "~/server/db.server";
import type { CatalogueImport } from "./schema";

/** A field of the import that refers to something D1 does not hold, or a size whose stock would go below 0. */
export type ImportProblem = { field: string; message: string; params?: Record<string, string> };

/**
 * What the import names that must already exist (or come earlier in it): a category's
 * parent, a product's category and brand, its colour (colours are the shop's own list).
 */
export async function importReferences(db: D1Database, batch: CatalogueImport): Promise<ImportProblem[]> {
  const parentOf = (path: string) => path.split("/").slice(0, -1).join("/");
  const paths = [...new Set([...batch.categories.map((c) => parentOf(c.path)).filter(Boolean), ...batch.products.map((p) => p.category)])];
  const brands = [...new Set(batch.products.map((p) => p.brand))];
  const priced = [...new Set(batch.prices.map((p) => p.slug))];
  const colors = [...new Set(batch.products.map((p) => p.color))];
  const [c, b, k, s] = await db.batch([
    db.prepare("SELECT path AS key FROM categories WHERE path IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(paths)),
    db.prepare("SELECT slug AS key FROM brands WHERE slug IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(brands)),
    db.prepare("SELECT slug AS key FROM colors WHERE slug IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(colors)),
    db.prepare("SELECT slug AS key FROM products WHERE slug IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(priced)),
  ]);
  const keys = (r: D1Result | undefined) => new Set(mapRows(r, (x: { key: string }) => x.key));
  const categories = keys(c);
  const knownBrands = keys(b);
  const knownColors = keys(k);
  const knownProducts = keys(s);
  for (const x of batch.brands) knownBrands.add(x.slug);
  for (const x of batch.products) knownProducts.add(x.slug);
  const problems: ImportProblem[] = [];
  batch.categories.forEach((x, i) => {
    const parent = parentOf(x.path);
    if (parent && !categories.has(parent)) problems.push({ field: `categories[${i}].path`, message: "ops:catalogue.noParent", params: { value: parent } });
    categories.add(x.path);
  });
  batch.products.forEach((x, i) => {
    if (!categories.has(x.category)) problems.push({ field: `products[${i}].category`, message: "ops:catalogue.unknown", params: { value: x.category } });
    if (!knownBrands.has(x.brand)) problems.push({ field: `products[${i}].brand`, message: "ops:catalogue.unknown", params: { value: x.brand } });
    if (!knownColors.has(x.color)) problems.push({ field: `products[${i}].color`, message: "ops:catalogue.unknown", params: { value: x.color } });
  });
  batch.prices.forEach((x, i) => {
    if (!knownProducts.has(x.slug)) problems.push({ field: `prices[${i}].slug`, message: "ops:catalogue.unknown", params: { value: x.slug } });
  });
  return problems;
}

/** json_extract of a field of json_each's value. */
const f = (name: string) => `json_extract(value, '$.${name}')`;

/**
 * The import as statements for one D1 batch (one transaction: all of it or nothing), set
 * by set: each kind of row is one statement over a JSON list, so a thousand sizes are a
 * few statements, not a thousand. Brands and categories by their slug and path, products
 * by their slug, sizes by product and size, translations by product and language: the same
 * import again writes the same values (a product's receipt codes too: one left out is none).
 * Stock is set (`stock`) or moved (`stockDelta`) in one statement, as orders move it; the
 * `CHECK (stock >= 0)` refuses a delta below what is there, and with it the whole batch.
 * Pictures, when given, replace the product's.
 */
export function importStatements(db: D1Database, batch: CatalogueImport): D1PreparedStatement[] {
  // Price changes alone go last: after a product this import also brings.
  const prices = batch.prices.length
    ? [
        db
          .prepare(
            `UPDATE products SET first_price = d.firstPrice, sale_price = d.salePrice
             FROM (SELECT ${f("slug")} AS slug, ${f("firstPrice")} AS firstPrice, ${f("salePrice")} AS salePrice FROM json_each(?1)) d
             WHERE products.slug = d.slug`,
          )
          .bind(JSON.stringify(batch.prices)),
      ]
    : [];
  const out: D1PreparedStatement[] = [];
  if (batch.brands.length)
    out.push(
      db
        .prepare(
          `INSERT INTO brands (slug, name) SELECT ${f("slug")}, ${f("name")} FROM json_each(?1) WHERE true
           ON CONFLICT (slug) DO UPDATE SET name = excluded.name`,
        )
        .bind(JSON.stringify(batch.brands)),
    );
  // One statement each, in order: a category's parent may come earlier in the same import.
  for (const c of batch.categories) {
    const segments = c.path.split("/");
    out.push(
      db
        .prepare(
          `INSERT INTO categories (parent_id, slug, path, depth, position, size_kind, name_uz, name_ru, name_uk)
           VALUES ((SELECT id FROM categories WHERE path = ?1), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
           ON CONFLICT (path) DO UPDATE SET position = excluded.position, size_kind = excluded.size_kind,
             name_uz = excluded.name_uz, name_ru = excluded.name_ru, name_uk = excluded.name_uk`,
        )
        .bind(segments.slice(0, -1).join("/"), segments.at(-1)!, c.path, segments.length - 1, c.position, c.sizeKind, c.names.uz, c.names.ru, c.names.uk),
    );
  }
  if (!batch.products.length) return [...out, ...prices];
  const products = batch.products.map((p) => ({
    ...p,
    inClub: p.inClub ? 1 : 0,
    images: undefined,
    skus: undefined,
    names: undefined,
    descriptions: undefined,
  }));
  out.push(
    db
      .prepare(
        `INSERT INTO products (slug, model_code, category_id, brand_id, color_id, first_price, sale_price, in_club, shape, ikpu, package_code, vat_percent, created_at)
         SELECT ${f("slug")}, ${f("modelCode")}, (SELECT id FROM categories WHERE path = ${f("category")}),
           (SELECT id FROM brands WHERE slug = ${f("brand")}), (SELECT id FROM colors WHERE slug = ${f("color")}),
           ${f("firstPrice")}, ${f("salePrice")}, ${f("inClub")}, ${f("shape")}, ${f("ikpu")}, ${f("packageCode")}, ${f("vatPercent")}, unixepoch()
         FROM json_each(?1) WHERE true
         ON CONFLICT (slug) DO UPDATE SET model_code = excluded.model_code, category_id = excluded.category_id, brand_id = excluded.brand_id,
           color_id = excluded.color_id, first_price = excluded.first_price, sale_price = excluded.sale_price, in_club = excluded.in_club,
           shape = excluded.shape, ikpu = excluded.ikpu, package_code = excluded.package_code, vat_percent = excluded.vat_percent`,
      )
      .bind(JSON.stringify(products)),
  );
  const texts = batch.products.flatMap((p) =>
    (["uz", "ru", "uk"] as const).map((lang) => ({ slug: p.slug, lang, name: p.names[lang], description: p.descriptions[lang] })),
  );
  out.push(
    db
      .prepare(
        `INSERT INTO product_translations (product_id, lang, name, description)
         SELECT (SELECT id FROM products WHERE slug = ${f("slug")}), ${f("lang")}, ${f("name")}, ${f("description")} FROM json_each(?1) WHERE true
         ON CONFLICT (product_id, lang) DO UPDATE SET name = excluded.name, description = excluded.description`,
      )
      .bind(JSON.stringify(texts)),
  );
  const pictured = batch.products.filter((p) => p.images);
  if (pictured.length) {
    out.push(
      db
        .prepare("DELETE FROM images WHERE product_id IN (SELECT id FROM products WHERE slug IN (SELECT value FROM json_each(?1)))")
        .bind(JSON.stringify(pictured.map((p) => p.slug))),
      db
        .prepare(
          `INSERT INTO images (product_id, position, url, width, height)
           SELECT (SELECT id FROM products WHERE slug = ${f("slug")}), ${f("position")}, ${f("url")}, ${f("width")}, ${f("height")} FROM json_each(?1)`,
        )
        .bind(JSON.stringify(pictured.flatMap((p) => p.images!.map((img, position) => ({ slug: p.slug, position, ...img }))))),
    );
  }
  const sizes = batch.products.flatMap((p) => p.skus.map((s, position) => ({ slug: p.slug, position, ...s })));
  const set = sizes.filter((s) => s.stock !== undefined);
  const moved = sizes.filter((s) => s.stockDelta !== undefined);
  const upsertSizes = (stock: string, onConflict: string, list: unknown[]) =>
    db
      .prepare(
        `INSERT INTO skus (product_id, size, position, stock)
         SELECT (SELECT id FROM products WHERE slug = ${f("slug")}), ${f("size")}, ${f("position")}, ${stock} FROM json_each(?1) WHERE true
         ON CONFLICT (product_id, size) DO UPDATE SET ${onConflict}`,
      )
      .bind(JSON.stringify(list));
  if (set.length) out.push(upsertSizes(f("stock"), "stock = excluded.stock, position = excluded.position", set));
  if (moved.length) {
    // A delta moves a size that exists (an upsert would check the inserted row, the bare
    // delta, against the CHECK first); a new size starts from its delta.
    const list = JSON.stringify(moved);
    out.push(
      db
        .prepare(
          `UPDATE skus SET stock = stock + d.delta
           FROM (SELECT p.id AS productId, ${f("size")} AS size, ${f("stockDelta")} AS delta FROM json_each(?1) JOIN products p ON p.slug = ${f("slug")}) d
           WHERE skus.product_id = d.productId AND skus.size = d.size`,
        )
        .bind(list),
      db
        .prepare(
          `INSERT INTO skus (product_id, size, position, stock)
           SELECT p.id, ${f("size")}, ${f("position")}, ${f("stockDelta")} FROM json_each(?1) JOIN products p ON p.slug = ${f("slug")}
           WHERE NOT EXISTS (SELECT 1 FROM skus k WHERE k.product_id = p.id AND k.size = ${f("size")})`,
        )
        .bind(list),
    );
  }
  return [...out, ...prices];
}

/** Sizes whose delta would take the stock below 0 (read after the batch refused them). */
export async function stockShortfalls(db: D1Database, batch: CatalogueImport): Promise<ImportProblem[]> {
  const moved = batch.products.flatMap((p, i) =>
    p.skus.flatMap((s, j) =>
      s.stockDelta === undefined ? [] : [{ field: `products[${i}].skus[${j}].stockDelta`, slug: p.slug, size: s.size, delta: s.stockDelta }],
    ),
  );
  const { results } = await db
    .prepare(
      `SELECT ${f("field")} AS field, COALESCE((SELECT k.stock FROM skus k JOIN products p ON p.id = k.product_id
         WHERE p.slug = ${f("slug")} AND k.size = ${f("size")}), 0) + ${f("delta")} AS after FROM json_each(?1)`,
    )
    .bind(JSON.stringify(moved))
    .all<{ field: string; after: number }>();
  return results.filter((r) => r.after < 0).map((r) => ({ field: r.field, message: "ops:catalogue.belowZero" }));
}

/**
 * The products whose search terms the import may have changed: its own, and those of the
 * brands and categories (with their subtrees) it renamed. `refreshSearchTerms` rewrites them.
 */
export async function importedProductIds(db: D1Database, batch: CatalogueImport): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM products WHERE slug IN (SELECT value FROM json_each(?1))
         OR brand_id IN (SELECT id FROM brands WHERE slug IN (SELECT value FROM json_each(?2)))
         OR category_id IN (SELECT c.id FROM categories c, json_each(?3) j WHERE c.path = j.value OR c.path LIKE j.value || '/%')`,
    )
    .bind(
      JSON.stringify(batch.products.map((p) => p.slug)),
      JSON.stringify(batch.brands.map((b) => b.slug)),
      JSON.stringify(batch.categories.map((c) => c.path)),
    )
    .all<{ id: number }>();
  return results.map((r) => r.id);
}
