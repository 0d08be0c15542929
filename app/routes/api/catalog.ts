import type { Route } from "./+types/catalog";
import { catalogueApiPage, catalogueApiProduct, EXPANDS, parseCatalogueQuery } from "~/catalogue/index.server";
import { queryMatch } from "~/search/index.server";
import { apiContext, apiError, expandOf, paginationHeaders } from "~/server/api.server";

const PER_PAGE = 24;
const PER_PAGE_MAX = 100;
const CATEGORY_PATH = /^[a-z0-9-]{1,60}(?:\/[a-z0-9-]{1,60}){0,4}$/;

/**
 * The catalogue for apps and partners (docs/api.md): GET /api/catalog/v3/products with the
 * listing's filters, sort and paging (X-Pagination-*), `category`, `per-page` and `expand`;
 * GET /api/catalog/v3/products/<id> one product. The same for everyone: public and cached.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context);
  const url = new URL(request.url);
  const expand = expandOf(url.searchParams.get("expand"), EXPANDS, t);
  const where = { origin: app.origin, lang, defaultLang: app.defaultLang };
  if (params.id !== undefined) {
    if (!/^[1-9][0-9]{0,9}$/.test(params.id)) apiError(404, t("server:api.productNotFound"));
    const product = await catalogueApiProduct(app.env.DB, where, Number(params.id), expand);
    if (!product) apiError(404, t("server:api.productNotFound"));
    return Response.json(product);
  }
  const category = url.searchParams.get("category");
  if (category !== null && !CATEGORY_PATH.test(category))
    apiError(400, t("server:api.badCategory"), [{ field: "category", message: t("server:api.badCategory") }]);
  const perPage = Math.max(1, Math.min(PER_PAGE_MAX, Number.parseInt(url.searchParams.get("per-page") ?? "", 10) || PER_PAGE));
  const query = parseCatalogueQuery(url.searchParams);
  // `q` finds as the listing pages' words do (the search's terms), without their reading or corrections.
  const filter = { ...query, ...(category ? { categoryPath: category } : {}), match: queryMatch(query.q) };
  const page = await catalogueApiPage(app.env.DB, where, filter, perPage, expand);
  return Response.json(page.products, { headers: paginationHeaders(page.total, page.page, perPage) });
}
