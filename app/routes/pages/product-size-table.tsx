import { data } from "react-router";
import { getLang, getUserId } from "~/server/request.server";
import type { Route } from "./+types/product-size-table";
import { SizeTablePopup } from "~/catalogue/index";
import { PRODUCT_SLUG, sizeTableHtml, sizeTableOf } from "~/catalogue/index.server";
import { localized, serverT } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { getApp } from "~/server/context.server";
import { fragmentMiddleware } from "~/server/fragment.server";
import { savedSizes } from "~/users/index.server";

/**
 * The product's size table, a URL of its own under the product (loaded only when opened):
 * a signed-in shopper's saved sizes are marked (their page is private: it has a session);
 * anonymous copies are the same for everyone. 404 when no chart fits the product.
 */
async function tableOf({ params, context }: Pick<Route.LoaderArgs, "params" | "context" | "request">) {
  const lang = getLang(context);
  const app = getApp(context);
  if (!PRODUCT_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const userId = await getUserId(context);
  const saved = userId ? await savedSizes(app.env.DB, userId) : null;
  const { product, table } = await sizeTableOf(app.env.DB, lang, { slug: params.slug }, saved);
  if (!product || !table) throw data(null, { status: 404 });
  return { lang, product, table };
}

/** The popup loader's request (X-Requested-With) gets the table alone. */
export const middleware: Route.MiddlewareFunction[] = [
  fragmentMiddleware(async ({ params, context, request }) => {
    const { lang, product, table } = await tableOf({ params: params as Route.LoaderArgs["params"], context, request });
    return sizeTableHtml(product.name, table, serverT(lang));
  }),
];

export async function loader(args: Route.LoaderArgs) {
  const { lang, product, table } = await tableOf(args);
  const { context } = args;
  return {
    i18n: texts(lang, ["sizes"]),
    product: { name: product.name, path: localized(context, `/product/${product.slug}`) },
    table,
  };
}

// seo() takes the unprefixed path (it writes each language's own).
export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  seo(matches, { title: loaderData?.product.name ?? "", path: `/product/${params.slug}/size-table`, noindex: true });

export default function ProductSizeTable({ loaderData }: Route.ComponentProps) {
  return <SizeTablePopup {...loaderData} />;
}
