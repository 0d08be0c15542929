import { catalogueImportSchema } from "~/catalogue/index";
import { type ImportProblem, importedProductIds, importReferences, importStatements, stockShortfalls } from "~/catalogue/index.server";
import { refreshSearchTerms } from "~/search/index.server";
import type { TFunction } from "~/i18n/translate";
import { edgeSeconds } from "~/server/cache-policy.server";
import { apiError } from "~/server/api.server";
import type { OpsRequest } from "./call.server";

/** A JSON body read whole (the catalogue's is too deep for the text fields of the other calls). */
async function jsonBody(request: Request, t: TFunction): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    apiError(400, t("server:api.malformedBody"));
  }
}

/** zod's path as the answer names it: `products[3].skus[1].stock`. */
const fieldOf = (path: readonly PropertyKey[]) => path.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i ? "." : ""}${String(p)}`)).join("") || "form";

const refuse = (t: TFunction, status: number, problems: ImportProblem[]): never => {
  const errors = problems.map((p) => ({ field: p.field, message: t(p.message, { field: p.field, ...p.params }) }));
  return apiError(status, errors[0]?.message ?? t("common:errors.badRequestTitle"), errors);
};

/**
 * `POST /api/ops/catalogue`: brands, categories and products (texts in three languages,
 * prices, pictures, sizes and their stock) in one D1 batch, applied once per `batchId`.
 * 422 names each refused item and field; 409 when a stock delta would go below zero
 * (nothing is applied). The search index is brought in step after it; cached pages show the
 * change within the edge cache's lifetime (docs/decisions/102-edge-cache.md).
 */
export async function importCatalogue({ app, t, client, request }: OpsRequest): Promise<Response> {
  const parsed = catalogueImportSchema.safeParse(await jsonBody(request, t));
  if (!parsed.success)
    refuse(
      t,
      422,
      parsed.error.issues.map((i) => ({ field: fieldOf(i.path), message: i.message.includes(":") ? i.message : "ops:catalogue.invalid" })),
    );
  const batch = parsed.data!;
  const db = app.env.DB;
  const problems = await importReferences(db, batch);
  if (problems.length) refuse(t, 422, problems);
  const started = Date.now();
  try {
    await db.batch([db.prepare("INSERT INTO ops_batches (client_id, batch_id) VALUES (?, ?)").bind(client.id, batch.batchId), ...importStatements(db, batch)]);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/UNIQUE constraint failed: ops_batches/.test(message))
      return Response.json({ success: true, applied: false, batchId: batch.batchId, visibleWithinSeconds: edgeSeconds(app.env) });
    if (/CHECK constraint failed/.test(message)) refuse(t, 409, await stockShortfalls(db, batch));
    throw e;
  }
  const ids = await importedProductIds(db, batch);
  await refreshSearchTerms(db, ids);
  const skus = batch.products.reduce((n, p) => n + p.skus.length, 0);
  return Response.json({
    success: true,
    applied: true,
    batchId: batch.batchId,
    counts: {
      brands: batch.brands.length,
      categories: batch.categories.length,
      products: batch.products.length,
      skus,
      prices: batch.prices.length,
      searchRefreshed: ids.length,
    },
    ms: Date.now() - started,
    visibleWithinSeconds: edgeSeconds(app.env),
  });
}
