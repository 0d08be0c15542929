import { useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/use-i18n";
import { sendFavourite } from "./toggle";

/**
 * The favourite heart of the product page (spec §4): a form that asks for the
 * state it wants (add or remove), so it works without JavaScript (a 303 back to
 * this page). With JavaScript it posts in place: the heart turns at once, a
 * second click while the first is in flight is ignored, a refusal turns it back
 * with a message, and the page's data (the header's counter) reloads. A plain
 * fetch rather than a fetcher: React Router's fetcher hooks would add their code
 * to every page. The cards' hearts are markup (app/catalogue/html.ts) enhanced by
 * their grid.
 */
export function Heart({ productId, favourite }: { productId: number; favourite: boolean }) {
  const { t, href } = useI18n();
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const on = optimistic ?? favourite;
  return (
    <form
      method="post"
      action={href("/favorite")}
      className="heart-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (busy.current) return;
        busy.current = true;
        setFailed(false);
        setOptimistic(!on);
        const ok = await sendFavourite(productId, !on, revalidate);
        // The server's state (reloaded, or unchanged after a refusal) takes over from the optimistic one.
        setFailed(!ok);
        setOptimistic(null);
        busy.current = false;
      }}
    >
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        className={on ? "heart heart--on" : "heart"}
        aria-pressed={on}
        aria-label={t(on ? "heart.remove" : "heart.add")}
        data-testid="heart"
      >
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#heart" />
        </svg>
      </button>
      {failed ? (
        <span className="heart__error" role="alert">
          {t("heart.failed")}
        </span>
      ) : null}
    </form>
  );
}
