import type { Route } from "./+types/delivery";
import { allCities, cityIdOf, pageSizeOf, pointJson, pointsOf, postCodeOf, streetsOf, typesOfCity } from "~/delivery/index.server";
import { LANGS } from "~/i18n/languages";
import { unsupportedLang } from "~/server/request.server";
import { getCartView } from "~/cart/index.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { deliveryStepSchema } from "~/checkout/index";
import { checkoutContext, saveDelivery } from "~/checkout/index.server";
import { withPointId } from "~/orders/index";
import { apiContext, apiError, apiFailure, nextPageHeader, readPayload, textFields } from "~/server/api.server";
import type { TFunction } from "~/i18n/translate";

/** One page of a list, as the delivery data API answers it (docs/api.md): `{items, _meta}`, and its `has-next-page` header. */
function paged<T>(all: T[], url: URL, t: TFunction): Response {
  const perPage = pageSizeOf(url.searchParams, t);
  const pageCount = Math.max(1, Math.ceil(all.length / perPage));
  const currentPage = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1);
  return Response.json(
    { items: all.slice((currentPage - 1) * perPage, currentPage * perPage), _meta: { totalCount: all.length, pageCount, perPage, currentPage } },
    { headers: nextPageHeader(currentPage, pageCount) },
  );
}

/** `page_order`'s values: the shop's own order of the cities, or by name in the request's language. */
const PAGE_ORDERS = ["position", "title"];

/**
 * The delivery data API (docs/api.md), GET /api/delivery/<resource>:
 * `cities` (optional `title`), `city-page` (`city_id`: the page of `cities` that holds it), both
 * in the order `page_order` names (`position`, the shop's, or `title`), and `types` (`city_id`; `show_inactive`), each with
 * `warehouses` (stores or post offices: `city_ref_id`, `delivery_type_id`; `ref`,
 * `title`, `showAll`), `streets` (the same pair; `ref`, `title`, `showAll`) and
 * `up-post-codes` (`street_id`, `house`; `post_code`), each with `page`,
 * `per-page` (or `limit`, the older client's name) and `lang`. A missing required parameter answers 400 naming
 * it; an unsupported `lang` 400 listing the allowed ones.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { app, lang, t } = apiContext(context);
  const url = new URL(request.url);
  const unsupported = unsupportedLang(context);
  if (unsupported !== null) apiError(400, t("server:api.unsupportedLang", { lang: unsupported.slice(0, 10), allowed: LANGS.join(", ") }));
  // A bad `limit` is refused before anything is read.
  pageSizeOf(url.searchParams, t);
  const required = (names: string[]) => {
    const missing = names.filter((n) => !url.searchParams.get(n));
    if (missing.length)
      apiError(
        400,
        t("server:api.missingParams", { names: missing.join(", ") }),
        missing.map((field) => ({ field, message: t("server:api.missingParams", { names: field }) })),
      );
  };
  // `page_order` (cities, city-page): the order the cities are listed in and pages counted in: the shop's, or by name.
  const inOrder = <C extends { title: string }>(cities: C[]) => {
    const order = url.searchParams.get("page_order") ?? "position";
    const refused = t("server:api.badPageOrder", { allowed: PAGE_ORDERS.join(", ") });
    if (!PAGE_ORDERS.includes(order)) apiError(400, refused, [{ field: "page_order", message: refused }]);
    return order === "title" ? [...cities].sort((a, b) => a.title.localeCompare(b.title, lang)) : cities;
  };
  switch (params.resource) {
    case "cities": {
      const title = (url.searchParams.get("title") ?? "").trim().toLocaleLowerCase(lang).slice(0, 60);
      const cities = inOrder(await allCities(app.env.DB, lang)).filter((c) => !title || c.title.toLocaleLowerCase(lang).includes(title));
      return paged(cities, url, t);
    }
    case "city-page": {
      // Which page of `cities` (at this per-page) holds the city: a select opens there.
      required(["city_id"]);
      const cities = inOrder(await allCities(app.env.DB, lang));
      const index = cities.findIndex((c) => String(c.id) === url.searchParams.get("city_id"));
      if (index < 0) apiError(404, t("server:api.unknownCity"));
      const perPage = pageSizeOf(url.searchParams, t);
      return Response.json({ page: Math.floor(index / perPage) + 1, perPage, city: cities[index] });
    }
    case "types": {
      required(["city_id"]);
      const cityId = Number(url.searchParams.get("city_id"));
      const types = Number.isInteger(cityId) && cityId > 0 ? await typesOfCity(app.env.DB, lang, cityId, url.searchParams.get("show_inactive") === "1") : [];
      return paged(types, url, t);
    }
    case "warehouses": {
      required(["city_ref_id", "delivery_type_id"]);
      const cityId = await cityIdOf(app.env.DB, url.searchParams.get("city_ref_id")!.slice(0, 40));
      const typeId = Number(url.searchParams.get("delivery_type_id"));
      const title = (url.searchParams.get("title") ?? "").trim().toLocaleLowerCase(lang).slice(0, 60);
      const ref = url.searchParams.get("ref");
      const points = cityId && Number.isInteger(typeId) ? await pointsOf(app.env.DB, lang, cityId, typeId) : [];
      const chosen = points.filter((p) => (!ref || p.ref === ref) && (!title || p.title.toLocaleLowerCase(lang).includes(title)));
      // showAll: every point on one page (clients ask for it to fill a select).
      if (url.searchParams.get("showAll") === "1") url.searchParams.set("per-page", String(Math.max(1, chosen.length)));
      return paged(chosen.map(pointJson), url, t);
    }
    case "streets": {
      required(["city_ref_id", "delivery_type_id"]);
      const cityId = await cityIdOf(app.env.DB, url.searchParams.get("city_ref_id")!.slice(0, 40));
      const title = (url.searchParams.get("title") ?? "").trim().toLocaleLowerCase(lang).slice(0, 60);
      const ref = url.searchParams.get("ref");
      const streets = cityId ? await streetsOf(app.env.DB, lang, cityId) : [];
      const chosen = streets.filter((x) => (!ref || x.ref === ref) && (!title || x.title.toLocaleLowerCase(lang).includes(title)));
      if (url.searchParams.get("showAll") === "1") url.searchParams.set("per-page", String(Math.max(1, chosen.length)));
      return paged(chosen, url, t);
    }
    case "up-post-codes": {
      required(["street_id", "house"]);
      const streetId = Number(url.searchParams.get("street_id"));
      const code = Number.isInteger(streetId) && streetId > 0 ? await postCodeOf(app.env.DB, streetId, url.searchParams.get("house")!.slice(0, 20)) : null;
      // post_code narrows to one code (the client checks what it has).
      const asked = url.searchParams.get("post_code");
      const items = code && (!asked || asked === code) ? [{ post_code: code }] : [];
      return paged(items, url, t);
    }
    default:
      apiError(404, t("server:api.unknownOperation"));
  }
}

/**
 * POST /api/delivery/delivery-data (docs/api.md): the shopper's delivery choice, as
 * form field `data` holding a JSON object (cityId, deliveryTypeId, and storeId,
 * warehouseId or pointId, or addressId, or street, house, flat, postCode). It
 * is saved to the cart and the checkout draft as the checkout's delivery step
 * saves it; the answer is the choice as saved and the cart's summary with it.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  if (params.resource !== "delivery-data") apiError(404, t("server:api.unknownOperation"));
  const payload = await readPayload(request, t);
  if (!payload.data)
    apiError(400, t("server:api.missingParams", { names: "data" }), [{ field: "data", message: t("server:api.missingParams", { names: "data" }) }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.data);
  } catch {
    apiError(400, t("server:api.malformedBody"), [{ field: "data", message: t("server:api.malformedBody") }]);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) apiError(400, t("server:api.expectedObject"));
  const fields = textFields(parsed as Record<string, unknown>, t);
  const submission = parseForm(payloadForm(withPointId(fields)), deliveryStepSchema);
  if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
  const checkout = await checkoutContext(context, lang, t);
  if (checkout === null) apiError(409, t("orders:errors.cartEmpty"), undefined, undefined, { code: "cart_empty" });
  const saved = await saveDelivery(submission.value, checkout);
  if (!saved.ok) apiError(422, t(saved.error), [{ field: saved.field, message: t(saved.error) }]);
  const view = await getCartView(app.env, lang, checkout.cartId);
  const option = view.deliveryOptions.find((o) => o.id === view.deliveryTypeId)!;
  return Response.json({
    success: true,
    delivery: {
      cityId: view.cityId,
      deliveryTypeId: option.id,
      type: option.type,
      title: option.title,
      cost: view.summary.deliveryCost,
      pointId: saved.pointId,
    },
    summary: view.summary,
  });
}
