import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { catalogueStatements, generateCatalogue } from "../../workers/seed/catalogue";
import { newsStatements } from "../../workers/seed/news";
import { reviewStatements } from "../../workers/seed/reviews";
import { shopStatements } from "../../workers/seed/shop";
import { sizeChartStatements } from "../../workers/seed/size-charts";

/** The real migrations, then a small demo catalogue, the shop's data, size charts, reviews and news (each once). */
export async function seedDatabase(db: D1Database): Promise<void> {
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
  const count = async (table: string) => (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
  if (!(await count("products"))) await db.batch(catalogueStatements(generateCatalogue({ products: 40 })).map((sql) => db.prepare(sql)));
  if (!(await count("cities"))) await db.batch((await shopStatements()).map((sql) => db.prepare(sql)));
  if (!(await count("size_charts"))) await db.batch(sizeChartStatements(generateCatalogue({ products: 40 })).map((sql) => db.prepare(sql)));
  if (!(await count("matching_parameters"))) await db.batch(reviewStatements(generateCatalogue({ products: 40 })).map((sql) => db.prepare(sql)));
  if (!(await count("news"))) await db.batch(newsStatements(generateCatalogue({ products: 40 })).map((sql) => db.prepare(sql)));
}
