import { useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/use-i18n";

export type HeartLabels = { add: string; remove: string; failed: string };

/**
 * The favourite heart (spec §4): a form that asks for the state it wants (add
 * or remove), so it works without JavaScript (a 303 back to this page). With
 * JavaScript it posts in place: the heart turns at once, a second click while
 * the first is in flight is ignored, a refusal turns it back with a message,
 * and the page's data (the header's counter) reloads. A plain fetch rather
 * than a fetcher: React Router's fetcher hooks would add their code to every page.
 */
export function Heart({ productId, favourite, labels }: { productId: number; favourite: boolean; labels: HeartLabels }) {
  const { href } = useI18n();
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
        const want = !on;
        setFailed(false);
        setOptimistic(want);
        try {
          // The JSON API: no page is rendered for the answer.
          const res = want
            ? await fetch("/api/favorites", { method: "POST", body: new URLSearchParams({ item_id: String(productId) }) })
            : await fetch(`/api/favorites/${productId}`, { method: "DELETE" });
          if (!res.ok) throw new Error(String(res.status));
          await revalidate();
        } catch {
          setFailed(true);
        } finally {
          // The server's state (reloaded, or unchanged after a refusal) takes over from the optimistic one.
          setOptimistic(null);
          busy.current = false;
        }
      }}
    >
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button type="submit" className={on ? "heart heart--on" : "heart"} aria-pressed={on} aria-label={on ? labels.remove : labels.add} data-testid="heart">
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#heart" />
        </svg>
      </button>
      {failed ? (
        <span className="heart__error" role="alert">
          {labels.failed}
        </span>
      ) : null}
    </form>
  );
}
