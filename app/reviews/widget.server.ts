import type { RouterContextProvider } from "react-router";
import type { Lang } from "~/i18n/languages";
import { getI18n } from "~/i18n/translator.server";
import { getApp } from "~/server/context.server";
import { documentMarkup } from "~/server/markup.server";
import { streamed } from "~/server/streaming.server";
import { reviewsHtml } from "./html.server";
import { reviewsQueryOf } from "./query.server";
import { productReviews } from "./reviews.server";

/**
 * A product page's reviews widget, streamed after the product (a slow or failing query never holds
 * it up): its sort and "all" from the page's URL, its markup written on the server.
 */
export function reviewsWidget(
  context: Readonly<RouterContextProvider>,
  lang: Lang,
  product: { id: number; path: string },
  searchParams: URLSearchParams,
  viewerId: number | null,
) {
  const app = getApp(context);
  const query = reviewsQueryOf(searchParams);
  return streamed(
    productReviews(app.env.DB, lang, product.id, { sort: query.sort, all: query.reviews, viewerId }).then((data) => ({
      count: data.count,
      html: documentMarkup(
        context,
        reviewsHtml(data, {
          lang,
          defaultLang: app.defaultLang,
          t: getI18n(context).t,
          path: product.path,
          productId: product.id,
          sort: query.sort,
          all: query.reviews,
          signedIn: viewerId !== null,
        }),
      ),
    })),
    "reviews",
  );
}
