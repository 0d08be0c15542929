import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { catalogueStatements, generateCatalogue } from "../../workers/seed/catalogue";
import { reviewStatements } from "../../workers/seed/reviews";
import { shopStatements } from "../../workers/seed/shop";

// Each test file gets its own storage: the real migrations, then a small demo catalogue.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM products").first<{ n: number }>();
if (!seeded?.n) {
  await env.DB.batch(catalogueStatements(generateCatalogue({ products: 40 })).map((sql) => env.DB.prepare(sql)));
}
const shop = await env.DB.prepare("SELECT COUNT(*) AS n FROM cities").first<{ n: number }>();
if (!shop?.n) {
  await env.DB.batch((await shopStatements()).map((sql) => env.DB.prepare(sql)));
}
const reviews = await env.DB.prepare("SELECT COUNT(*) AS n FROM matching_parameters").first<{ n: number }>();
if (!reviews?.n) {
  await env.DB.batch(reviewStatements(generateCatalogue({ products: 40 })).map((sql) => env.DB.prepare(sql)));
}
