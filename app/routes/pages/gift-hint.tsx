import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/gift-hint";
import { productSizesOf } from "~/catalogue/index.server";
import { giftHintTokenSchema } from "~/gifts/index";
import { openGiftHint } from "~/gifts/index.server";
import { getI18n, localized, requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { useI18n } from "~/i18n/use-i18n";
import { getApp } from "~/server/context.server";

/**
 * A gift hint's link, as the friend gets it: the hint is no longer open, and the product opens
 * with the size chosen (303). A link of no hint, or whose product is gone, says so (400).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  const token = giftHintTokenSchema.safeParse(new URL(request.url).searchParams.get("token"));
  const hint = token.success ? await openGiftHint(app.env.DB, token.data) : null;
  const product = hint ? await productSizesOf(app.env.DB, lang, { id: hint.productId }) : null;
  if (hint && product) {
    const size = product.sizes.some((s) => s.id === hint.skuId) ? `?size=${hint.skuId}` : "";
    throw redirect(`${localized(context, `/product/${product.slug}`)}${size}`, 303);
  }
  return data({ i18n: texts(lang, ["gifts"], { gifts: ["open"] }), title: getI18n(context).t("gifts:open.title") }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seo(matches, { title: loaderData?.title ?? "", path: "/gift-hint", noindex: true });

export default function GiftHint() {
  const { t, href } = useI18n();
  return (
    <>
      <h1>{t("gifts:open.title")}</h1>
      <p data-testid="gift-hint-invalid">{t("gifts:open.invalid")}</p>
      <p>
        <Link to={href("/store")} className="button">
          {t("gifts:open.toCatalogue")}
        </Link>
      </p>
    </>
  );
}
