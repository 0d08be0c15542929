import { data, redirect } from "react-router";
import type { Route } from "./+types/favorite";
import { safeReturnUrl } from "~/auth/index";
import { commitShopperSession, guestSessionForWrite, shopperOf } from "~/cart/index.server";
import { FAVOURITES_PAGE_SIZE, FavouritesPage, favouriteFormSchema, favouritesQuerySchema } from "~/favourites/index";
import { favouritesOwner, favouritesPage, writeFavourite } from "~/favourites/index.server";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { getI18n, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { localizePath } from "~/i18n/url";
import { getApp } from "~/server/context.server";

const NOTICES = new Set(["added", "removed", "size"]);

/** The favourites page (issue #13): a guest's list (the session) or an account's (D1), filtered and paged by GET parameters. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const url = new URL(request.url);
  const shopper = await shopperOf(app.env, request);
  const query = favouritesQuerySchema.parse(Object.fromEntries(url.searchParams));
  const filters = { onlySale: query["only-sale"], activeOnly: query["active-product"], groupByCategory: query["group-by-category"] };
  const { items, total } = await favouritesPage(
    app.env.DB,
    lang,
    favouritesOwner(shopper.owner.userId, shopper.session),
    filters,
    query.page,
    FAVOURITES_PAGE_SIZE,
  );
  const pageCount = Math.max(1, Math.ceil(total / FAVOURITES_PAGE_SIZE));
  if (query.page > pageCount) throw data(null, { status: 404 });
  const notice = url.searchParams.get("notice");
  return {
    i18n: texts(lang, ["favourites", "catalogue"]),
    favourites: { items, total, page: query.page, pageCount, filters, notice: notice && NOTICES.has(notice) ? notice : null },
    title: getI18n(context).t("favourites:metaTitle"),
  };
}

/** Add, remove, or another size (the hearts post here too): 303 back where the form was, with a notice; a refusal is 4xx with its message. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const shopper = await shopperOf(app.env, request);
  const submission = parseForm(await readFormData(request), favouriteFormSchema);
  if (submission.status !== "success") return data({ ok: false, error: "favourites:errors.unknownProduct" }, refused(400));
  const { intent, productId, skuId, redirectTo } = submission.value;
  const writer = { userId: shopper.owner.userId, guestSession: () => guestSessionForWrite(app.env, request, shopper) };
  const result = await writeFavourite(app.env.DB, writer, intent, productId, skuId ?? null);
  if (!result.ok) return data({ ok: false, error: result.error }, refused(result.status, result.status === 429 ? result.retryAfter : undefined));
  const setCookie = shopper.owner.userId === null ? await commitShopperSession(app.env, request, shopper) : null;
  const back = safeReturnUrl(redirectTo || localizePath("/favorite", lang, app.defaultLang), lang, app.defaultLang);
  const [path, hash = ""] = back.split("#");
  const target = new URL(path!, "http://x");
  target.searchParams.set("notice", intent === "add" ? "added" : intent === "remove" ? "removed" : "size");
  return redirect(`${target.pathname}${target.search}${hash ? `#${hash}` : ""}`, { status: 303, headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...seo(matches, { title: loaderData?.title ?? "", path: "/favorite", noindex: true })];

export default function Favorite({ loaderData, actionData }: Route.ComponentProps) {
  return <FavouritesPage data={loaderData.favourites} error={actionData?.ok === false ? actionData.error : null} />;
}
