import { useRef } from "react";

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

/**
 * The markup to render. On the server: the text. In the browser: "" for what the document
 * carries (hydration leaves a differing dangerouslySetInnerHTML as the server wrote it), and
 * "" still when a reload of the data brings the same text (its hash), so React keeps the DOM
 * (focus, pictures) as it is; new text replaces it.
 */
export function useMarkup(value: Markup): string {
  const inDocument = useRef<number | null>(null);
  if (typeof value !== "string") {
    if (value.html !== undefined) return value.html;
    inDocument.current = value.inDocument;
    return "";
  }
  if (inDocument.current !== null) {
    if (markupHash(value) === inDocument.current) return "";
    inDocument.current = null;
  }
  return value;
}
