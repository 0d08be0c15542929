import { createContext, use } from "react";
import { PrefetchPageLinks } from "react-router";
import { useCardHearts } from "~/favourites/index";
import { useI18n } from "~/i18n/use-i18n";
import { useIntentPrefetch, useLinkNavigation } from "~/ui/link-navigation";
import type { markHearts } from "./html";

/**
 * The server's writer of the shopper's hearts (`markHearts`, provided by entry.server.tsx):
 * imported here, the card writer's texts and escaping would reach every page's JavaScript.
 */
export const MarkHeartsContext = createContext<typeof markHearts | null>(null);

/**
 * A grid of cards written as one string (`cardsHtml`, ./html.ts): plain anchors with one
 * click handler and one intent prefetch for the whole grid, the same rules as
 * `<Link prefetch="intent">` (a `<Link>` per card costs server time in every render),
 * and one submit handler for the cards' hearts. The product page gets its related
 * products' grid as a string from the loader, so its JavaScript carries no card writer.
 * `favourites`: the shopper's among the grid's products (none for a visitor without a
 * session, whose markup is the same as everyone's).
 */
export function CardGrid({ html, favourites = [] }: { html: string; favourites?: readonly number[] }) {
  const i18n = useI18n();
  const onClick = useLinkNavigation();
  const prefetch = useIntentPrefetch();
  const hearts = useCardHearts(favourites, html);
  // The server writes the shopper's hearts on (pages work without JavaScript). The browser keeps
  // the markup the same for everyone and sets the hearts in the DOM (useCardHearts): hydration
  // leaves the server's markup as it is, a toggle never rewrites the grid (the focus stays), and
  // the card writer's texts and escaping stay out of pages that only show a grid from the loader.
  const mark = use(MarkHeartsContext);
  const marked = mark ? mark(html, favourites, i18n) : html;
  return (
    <>
      {hearts.failed ? (
        <p className="alert alert--error" role="alert">
          {hearts.failed}
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the handlers take over the links' own clicks and hovers and the hearts' submits; keyboards activate the links (which clicks them) and focus them */}
      <div
        className="grid"
        ref={hearts.grid}
        onClick={onClick}
        onSubmit={hearts.onSubmit}
        {...prefetch.handlers}
        dangerouslySetInnerHTML={{ __html: marked }}
      />
      {prefetch.page ? <PrefetchPageLinks page={prefetch.page} /> : null}
    </>
  );
}
