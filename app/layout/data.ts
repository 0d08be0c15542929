import { useRouteLoaderData } from "react-router";
import type { LanguageData } from "~/i18n/translate";
import type { Markup } from "~/ui/markup";

/** A top category of the catalogue menu with its children (paths are unprefixed: "men/shoes"). */
export type MenuItem = { path: string; name: string; children: { path: string; name: string }[] };

/** The header's counters; features supply them (see layout.server.ts). */
export type Counters = { cart: number; favourites: number };

/**
 * What the layout shows on every page: the root loader's data. Features add their
 * own slices beside these fields (the root composes them) and read them back
 * through their own hooks.
 */
export type LayoutData = LanguageData & {
  /** The catalogue menu's panel, written on the server (menuHtml). */
  menu: Markup;
  counters: Counters;
  signedIn: boolean;
  /** MAINTENANCE=read-only: every page says the shop takes no orders or changes for now. */
  readOnly: boolean;
  /** The footer's server-written parts the root adds (social links, the newsletter's form). */
  footer?: Markup;
  /** The client module that carries the search box's suggestions (the autocomplete route's), loaded on focus. */
  searchUi?: string | null;
};

/** The layout's data on any page (undefined only while the root itself failed). */
export function useLayoutData(): LayoutData | undefined {
  return useRouteLoaderData("root") as LayoutData | undefined;
}
