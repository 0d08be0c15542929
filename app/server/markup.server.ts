import type { RouterContextProvider } from "react-router";
import { type Markup, markupHash } from "~/ui/markup";
import { getApp } from "./context.server";

/**
 * Server-written markup as a loader returns it (see app/ui/markup.ts): for a document, a
 * token with the text's hash and the text itself as a property the hydration data's encoder
 * does not see (it encodes own enumerable keys); for a data request (a client navigation, a
 * reload after an action), the text.
 */
export function documentMarkup(context: Readonly<RouterContextProvider>, html: string): Markup {
  if (!getApp(context).document) return html;
  const token: Markup = { inDocument: markupHash(html) };
  Object.defineProperty(token, "html", { value: html, enumerable: false });
  return token;
}

/** `documentMarkup` of each part of a record of markup (the product's gallery, head, heart…). */
export function documentMarkups<K extends string>(context: Readonly<RouterContextProvider>, parts: Record<K, string>): Record<K, Markup> {
  return Object.fromEntries(Object.entries<string>(parts).map(([name, html]) => [name, documentMarkup(context, html)])) as Record<K, Markup>;
}
