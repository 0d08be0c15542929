import { useLocation } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { useCardHearts } from "./card-hearts";

/**
 * The favourite heart of the product page (spec §4): a form that asks for the
 * state it wants (add or remove), so it works without JavaScript (a 303 back to
 * this page). With JavaScript it is a grid of one heart for `useCardHearts`,
 * which the cards' hearts share: it turns at once, a second click while the
 * first is in flight is ignored, a refusal turns it back with a message, and
 * the page's data (the header's counter) reloads. A plain fetch rather than a
 * fetcher: React Router's fetcher hooks would add their code to every page.
 */
export function Heart({ productId, favourite }: { productId: number; favourite: boolean }) {
  const { t, href } = useI18n();
  const { pathname, search } = useLocation();
  const hearts = useCardHearts(favourite ? [productId] : [], "");
  return (
    <div ref={hearts.grid} onSubmit={hearts.onSubmit} className="product__heart">
      <form method="post" action={href("/favorite")} className="heart-form" data-product={productId}>
        <input type="hidden" name="redirectTo" value={pathname + search} />
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="intent" value={favourite ? "remove" : "add"} />
        <button
          type="submit"
          className={favourite ? "heart heart--on" : "heart"}
          aria-pressed={favourite}
          aria-label={t(favourite ? "heart.remove" : "heart.add")}
          data-testid="heart"
        >
          <svg className="icon" aria-hidden="true">
            <use href="/icons.svg#heart" />
          </svg>
        </button>
        {hearts.failed ? (
          <span className="heart__error" role="alert">
            {t("heart.failed")}
          </span>
        ) : null}
      </form>
    </div>
  );
}
