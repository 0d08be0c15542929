import { Link } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/product-review-rules";
import { serverT } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { useI18n } from "~/i18n/use-i18n";
import { reviewRulesHtml } from "~/reviews/index.server";
import { fragmentMiddleware } from "~/server/fragment.server";

/** The popup loader's request (X-Requested-With) gets the rules alone. */
export const middleware: Route.MiddlewareFunction[] = [fragmentMiddleware(({ context }) => reviewRulesHtml(serverT(getLang(context))))];

export function loader({ context }: Route.LoaderArgs) {
  const lang = getLang(context);
  return { i18n: texts(lang, ["reviews"], { reviews: ["rules", "form"] }) };
}

/** The review rules, a popup of the add-review popup and a URL of its own. */
export default function ProductReviewRules({ params }: Route.ComponentProps) {
  const { t, href } = useI18n();
  return (
    <section className="review-rules" aria-labelledby="review-rules-title" data-testid="review-rules">
      <h3 id="review-rules-title">{t("reviews:rules.title")}</h3>
      <ul>
        {[1, 2, 3, 4].map((n) => (
          <li key={n}>{t(`reviews:rules.item${n}`)}</li>
        ))}
      </ul>
      <Link to={href(`/product/${params.slug}/review`)} preventScrollReset data-testid="review-rules-close">
        {t("reviews:form.close")}
      </Link>
    </section>
  );
}
