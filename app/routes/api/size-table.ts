import type { Route } from "./+types/size-table";
import { sizeTableOf, sizeTableQuerySchema } from "~/catalogue/index.server";
import { apiContext, apiError } from "~/server/api.server";

/**
 * `GET /api/size-table?product_id=&lang=` (docs/api.md): the product's size chart, the same
 * for every shopper (no saved sizes here), so shared caches keep it as they keep pages.
 * 400 when product_id is not an id, 404 when no product or no chart fits it.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context);
  const parsed = sizeTableQuerySchema.safeParse({ product_id: new URL(request.url).searchParams.get("product_id") ?? undefined });
  if (!parsed.success) {
    const message = t("sizes:errors.productId");
    apiError(400, message, [{ field: "product_id", message }]);
  }
  const { product, table } = await sizeTableOf(app.env.DB, lang, { id: parsed.data.product_id });
  if (!product || !table) apiError(404, t("sizes:errors.notFound"));
  return Response.json(
    {
      product_id: product.id,
      slug: product.slug,
      name: product.name,
      size_kind: table.kind,
      measures: table.measures.map((key) => ({ key, name: t(`sizes:measures.${key}`) })),
      rows: table.rows.map((r) => ({ size: r.size, eu: r.eu, ru: r.ru, uz: r.uz, measurements: r.measurements })),
    },
    { headers: { "Content-Language": lang } },
  );
}
