import type { Route } from "./+types/favorites-v2";
import { getShopper, guestSessionForWrite } from "~/server/request.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { formatUzs } from "~/i18n/format";
import type { Lang } from "~/i18n/languages";
import { favouritesMergeSchema, favouritesQuerySchema } from "~/favourites/index";
import { type FavouritesOwner, favouritesApiPage, favouritesOwner, mergeFavourites } from "~/favourites/index.server";
import { apiContext, apiError, apiFailure, paginationHeaders, readPayload } from "~/server/api.server";
import { ensureGuestKey } from "~/server/session.server";

/**
 * The favourites API's second version (docs/api.md): `GET /api/v2/favorites` takes the
 * first version's query and answers the list with its place in the whole, as the older
 * client kept it (`total_count`, `items`, `totalPages`, `currentPage`); `POST` sends a list
 * kept on the device (a guest's, before the server kept one) to join the shopper's own,
 * and answers the same.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { app, lang } = apiContext(context);
  const shopper = await getShopper(context);
  return listAnswer(app.env.DB, lang, favouritesOwner(shopper.owner.userId, shopper.session), new URL(request.url).searchParams);
}

export async function action({ context, request }: Route.ActionArgs) {
  const { app, lang, t } = apiContext(context);
  const shopper = await getShopper(context);
  const body = await readPayload(request, t, { json: ["items"] });
  const submission = parseForm(payloadForm(body), favouritesMergeSchema);
  if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
  let owner: FavouritesOwner;
  if (shopper.owner.userId !== null) owner = { userId: shopper.owner.userId };
  else {
    const session = await guestSessionForWrite(context, shopper);
    if ("limited" in session) apiError(429, t("common:cartPopup.rate_limited"), undefined, session.retryAfter);
    owner = { guestKey: ensureGuestKey(session) };
  }
  await mergeFavourites(app.env.DB, owner, submission.value.items);
  // The list's query: in the URL, or beside the items in the body.
  const query = new URLSearchParams(new URL(request.url).search);
  for (const [name, value] of Object.entries(body)) if (name !== "items" && !query.has(name)) query.set(name, value);
  return listAnswer(app.env.DB, lang, owner, query);
}

async function listAnswer(db: D1Database, lang: Lang, owner: FavouritesOwner, params: URLSearchParams): Promise<Response> {
  const query = favouritesQuerySchema.parse(Object.fromEntries(params));
  const { items, total, page, perPage } = await favouritesApiPage(db, lang, owner, query, (amount) => formatUzs(amount, lang));
  return Response.json(
    { total_count: total, items, totalPages: Math.max(1, Math.ceil(total / perPage)), currentPage: page },
    { headers: paginationHeaders(total, page, perPage) },
  );
}
