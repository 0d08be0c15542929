import { data, redirect } from "react-router";
import type { Route } from "./+types/favorite";
import { safeReturnUrl } from "~/i18n/return-url";
import { getLang, getShopper, guestSessionForWrite } from "~/server/request.server";
import { brandFormSchema, FAVOURITES_PAGE_SIZE, FavouritesPage, favouriteFormSchema, favouritesQuerySchema } from "~/favourites/index";
import { followBrand, followedBrands, favouritesOwner, favouritesPage, writeFavourite } from "~/favourites/index.server";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { getI18n, localized } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { getApp } from "~/server/context.server";

const NOTICES = new Set(["added", "removed", "size", "followed", "unfollowed"]);

/** The favourites page: a guest's list (the session) or an account's (D1), filtered and paged by GET parameters. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const url = new URL(request.url);
  const shopper = await getShopper(context);
  const query = favouritesQuerySchema.parse(Object.fromEntries(url.searchParams));
  const filters = { onlySale: query["only-sale"], activeOnly: query["active-product"], groupByCategory: query["group-by-category"] };
  const owner = favouritesOwner(shopper.owner.userId, shopper.session);
  // The brands tab reads only the brands; the products tab only its page of products.
  const [{ items, total }, brands] =
    query.tab === "brands"
      ? [{ items: [], total: 0 }, await followedBrands(app.env.DB, owner)]
      : [await favouritesPage(app.env.DB, lang, owner, filters, query.page, FAVOURITES_PAGE_SIZE), null];
  const pageCount = Math.max(1, Math.ceil(total / FAVOURITES_PAGE_SIZE));
  if (query.page > pageCount) throw data(null, { status: 404 });
  const notice = url.searchParams.get("notice");
  return {
    i18n: texts(lang, ["favourites", "catalogue"]),
    favourites: { items, total, page: query.page, pageCount, filters, brands, notice: notice && NOTICES.has(notice) ? notice : null },
    title: getI18n(context).t("favourites:metaTitle"),
  };
}

/** Add, remove, or another size (the hearts post here too), or follow a brand: 303 back where the form was, with a notice; a refusal is 4xx with its message. */
export async function action({ context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const shopper = await getShopper(context);
  const form = await readFormData(request);
  const writer = { userId: shopper.owner.userId, guestSession: () => guestSessionForWrite(context, shopper) };
  let intent: string;
  let redirectTo: string | undefined;
  let result: Awaited<ReturnType<typeof writeFavourite>>;
  if (String(form.get("intent")).endsWith("-brand")) {
    const submission = parseForm(form, brandFormSchema);
    if (submission.status !== "success") return data({ ok: false, error: "favourites:errors.unknownBrand" }, refused(400));
    ({ intent, redirectTo } = submission.value);
    result = await followBrand(app.env.DB, writer, submission.value.brandId, intent === "follow-brand");
  } else {
    const submission = parseForm(form, favouriteFormSchema);
    if (submission.status !== "success") return data({ ok: false, error: "favourites:errors.unknownProduct" }, refused(400));
    ({ intent, redirectTo } = submission.value);
    result = await writeFavourite(app.env.DB, writer, submission.value.intent, submission.value.productId, submission.value.skuId ?? null);
  }
  if (!result.ok) return data({ ok: false, error: result.error }, refused(result.status, result.status === 429 ? result.retryAfter : undefined));
  const back = safeReturnUrl(redirectTo || localized(context, "/favorite"), lang, app.defaultLang);
  const [path, hash = ""] = back.split("#");
  const target = new URL(path!, "http://x");
  // The favourites page says what happened; elsewhere (cards, product page) the heart itself shows it, and the URL stays the page's own.
  const notices: Record<string, string> = { add: "added", remove: "removed", size: "size", "follow-brand": "followed", "unfollow-brand": "unfollowed" };
  if (/\/favorite$/.test(target.pathname)) target.searchParams.set("notice", notices[intent]!);
  return redirect(`${target.pathname}${target.search}${hash ? `#${hash}` : ""}`, { status: 303 });
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/favorite", noindex: true })];

export default function Favorite({ loaderData, actionData }: Route.ComponentProps) {
  return <FavouritesPage data={loaderData.favourites} error={actionData?.ok === false ? actionData.error : null} />;
}
