import { createContext } from "react";
import type { ProductCard } from "~/catalogue/index.server";
import type { I18n } from "~/i18n/use-i18n";

/**
 * Markup the server writes as one string where React would build dozens of elements
 * (each attribute and text a few pieces of output, ~1 µs each in workerd). Only
 * app/entry.server.tsx provides the writers, so they stay out of the browser's bundle;
 * the browser renders the same markup as elements (unit tests hold the two equal), so
 * hydration finds exactly what it renders.
 */
export type ServerMarkup = {
  /** A card link's content (app/catalogue/html.ts); for an eager card it also preloads the picture. */
  cardLink(product: ProductCard, i18n: I18n, eager: boolean): string;
};

export const ServerMarkupContext = createContext<ServerMarkup | null>(null);
