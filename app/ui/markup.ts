import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";

/**
 * Markup written on the server (a grid, the reviews, the product's parts, JSON-LD) as a
 * loader returns it: the text itself, or, for a document, a token that names the text by
 * its hash (`documentMarkup`, app/server/markup.server.ts). The token carries the text to
 * the server's render in a property the hydration data leaves out (not enumerable), so the
 * page's HTML holds the markup once instead of twice (~26 kB less on a product page, and no
 * encoding of it into the hydration script).
 */
export type Markup = string | { inDocument: number; html?: string };

/** FNV-1a over the UTF-16 units: the same number on the server and in the browser. */
export function markupHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const noSubscription = () => () => {};

/** The text of a token, read from the document that carried it (`useKeptMarkup`), by the token's hash. */
const kept = new Map<number, string>();

/**
 * The markup to render. On the server: the text. In the browser: "" for what the document
 * carries while React hydrates it (hydration leaves a differing dangerouslySetInnerHTML as the
 * server wrote it), and "" still when a reload of the data brings the same text (its hash), so
 * React keeps the DOM (focus, pictures) as it is; new text replaces it. A token met outside
 * hydration (React rendering a part anew after a hydration mismatch, say a translator extension
 * edited the page) shows the text kept from the document (`useKeptMarkup`), or, without one, the
 * page's data is fetched again, which brings it.
 */
export function useMarkup(value: Markup): string {
  const inDocument = useRef<number | null>(null);
  // True in the render that hydrates the server's HTML (React uses the server snapshot), false otherwise.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const { revalidate } = useRevalidator();
  const token = typeof value === "string" ? null : value;
  const missing = token !== null && token.html === undefined && !hydrating && inDocument.current !== token.inDocument && !kept.has(token.inDocument);
  useEffect(() => {
    if (missing) void revalidate();
  }, [missing, revalidate]);
  if (token) {
    if (token.html !== undefined) return token.html;
    if (hydrating) inDocument.current = token.inDocument;
    return inDocument.current === token.inDocument ? "" : (kept.get(token.inDocument) ?? "");
  }
  if (inDocument.current !== null) {
    if (markupHash(value as string) === inDocument.current) return "";
    inDocument.current = null;
  }
  return value as string;
}

/**
 * `useMarkup` for the layout's parts (the menu, the footer), which outlive the page: an error
 * page in the root's error boundary (a form meeting the read-only 503, say) mounts the layout
 * anew, and the document's text must come back without a reload of the data, which would put
 * the page back in place of its error. The element's text, read once it is hydrated, is kept
 * by the token's hash for such a mount.
 */
export function useKeptMarkup(value: Markup): { ref: (element: HTMLElement | null) => void; dangerouslySetInnerHTML: { __html: string } } {
  const __html = useMarkup(value);
  const hash = typeof value === "string" ? null : value.inDocument;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (element && hash !== null && !kept.has(hash) && element.innerHTML) kept.set(hash, element.innerHTML);
    },
    [hash],
  );
  return { ref, dangerouslySetInnerHTML: { __html } };
}
