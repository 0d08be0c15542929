import { PrefetchPageLinks } from "react-router";
import { useIntentPrefetch, useLinkNavigation } from "~/ui/link-navigation";

/**
 * A grid of cards written as one string (`cardsHtml`, ./html.ts): plain anchors with one
 * click handler and one intent prefetch for the whole grid, the same rules as
 * `<Link prefetch="intent">` (a `<Link>` per card costs server time in every render).
 * The product page gets its related products' grid as a string from the loader, so its
 * JavaScript carries no card writer.
 */
export function CardGrid({ html }: { html: string }) {
  const onClick = useLinkNavigation();
  const prefetch = useIntentPrefetch();
  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the handlers take over the links' own clicks and hovers; keyboards activate the links (which clicks them) and focus them */}
      <div className="grid" onClick={onClick} {...prefetch.handlers} dangerouslySetInnerHTML={{ __html: html }} />
      {prefetch.page ? <PrefetchPageLinks page={prefetch.page} /> : null}
    </>
  );
}
