import { data } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/info";
import { checkoutMaxItems } from "~/cart/index";
import { checkoutLimitHtml } from "~/cart/index.server";
import { deliveryInfoHtml, deliveryTypesInfo } from "~/delivery/index.server";
import { serverT } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { getApp } from "~/server/context.server";
import { fragmentMiddleware } from "~/server/fragment.server";
import { escapeHtml } from "~/ui/html";

/** What a popup explains: its title and body markup, written by the feature it belongs to. */
async function contentOf({ params, context }: Pick<Route.LoaderArgs, "params" | "context">) {
  const lang = getLang(context);
  const t = serverT(lang);
  const app = getApp(context);
  switch (params.topic) {
    case "delivery":
      return { lang, title: t("info:delivery.title"), html: deliveryInfoHtml(await deliveryTypesInfo(app.env.DB, lang), t("info:delivery.lead")) };
    case "checkout-limit":
      return { lang, title: t("info:checkoutLimit.title"), html: checkoutLimitHtml(checkoutMaxItems(app.env), t) };
    default:
      throw data(null, { status: 404 });
  }
}

/** The popup loader's request (X-Requested-With) gets the content alone. */
export const middleware: Route.MiddlewareFunction[] = [
  fragmentMiddleware(async ({ params, context }) => {
    const { title, html } = await contentOf({ params: params as Route.LoaderArgs["params"], context });
    return `<section class="info-popup" data-testid="info-${escapeHtml(String(params.topic))}"><h2>${escapeHtml(title)}</h2>${html}</section>`;
  }),
];

/** /info/delivery and /info/checkout-limit: what the cart's popups explain, as pages of their own. */
export async function loader(args: Route.LoaderArgs) {
  const { lang, title, html } = await contentOf(args);
  return { i18n: texts(lang, ["info"], { info: ["toCart"] }), topic: args.params.topic, title, html };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  seo(matches, { title: loaderData?.title ?? "", path: `/info/${params.topic}`, noindex: true });

export default function Info({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  return (
    <section className="info-page" data-testid={`info-${loaderData.topic}`}>
      <h1>{loaderData.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      <p>
        <a href={href("/cart")}>{t("info:toCart")}</a>
      </p>
    </section>
  );
}
