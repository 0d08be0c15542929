import { type Markup, useMarkup } from "~/ui/markup";
import { useCardHearts } from "./card-hearts";

/**
 * The favourite heart of the product page: a form, written on the server
 * (`productHeartHtml`, app/catalogue/html.ts), that asks for the state it wants (add or
 * remove), so it works without JavaScript (a 303 back to this page). With JavaScript it is
 * a grid of one heart for `useCardHearts`, which the cards' hearts share: it turns at once,
 * a second click while the first is in flight is ignored, a refusal turns it back with a
 * message, and the page's data (the header's counter) reloads. A plain fetch rather than a
 * fetcher: React Router's fetcher hooks would add their code to every page.
 */
export function Heart({ productId, favourite, html: markup }: { productId: number; favourite: boolean; html: Markup }) {
  const html = useMarkup(markup);
  const hearts = useCardHearts(favourite ? [productId] : [], html);
  return (
    <>
      <div ref={hearts.grid} onSubmit={hearts.onSubmit} className="product__heart" dangerouslySetInnerHTML={{ __html: html }} />
      {hearts.failed ? (
        <p className="heart__error" role="alert">
          {hearts.failed}
        </p>
      ) : null}
    </>
  );
}
