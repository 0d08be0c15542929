import type { RouterContextProvider } from "react-router";
import { texts } from "~/i18n/resources.server";
import { serverT } from "~/i18n/translator.server";
import type { TFunction } from "~/i18n/translate";
import { localizePath } from "~/i18n/url";
import { escapeHtml } from "~/ui/html";
import { getApp } from "~/server/context.server";
import { isD1Outage, isReadOnly } from "~/server/d1-faults.server";
import { getSession, layoutLang, type ShopperSession } from "~/server/request.server";
import { type OwnerRef, takeFlash } from "~/server/session.server";
import type { Counters, LayoutData, MenuItem } from "./data";

/**
 * A feature's part of a header counter: a statement that answers one row `{ n }`,
 * or the number itself when it needs no query (a guest without a cart).
 */
export type CounterSource = D1PreparedStatement | number;

/** What features contribute to the layout (the root loader passes them in). */
export type LayoutSources = {
  menu: (lang: LayoutData["lang"]) => Promise<MenuItem[]>;
  counters: { [K in keyof Counters]: (owner: OwnerRef | null) => CounterSource };
  /** Whose the counters are (null: no session). */
  owner: Promise<OwnerRef | null>;
};

/**
 * The catalogue menu's panel as markup: top categories with their children, then the sale.
 * Written on the server (the header carries it as markup, decision 007): its links and names
 * cost no script or hydration data; the header navigates its plain links client-side.
 */
export function menuHtml(menu: MenuItem[], t: TFunction, href: (path: string) => string): string {
  const link = (path: string, name: string, className?: string) =>
    `<a href="${escapeHtml(href(path))}"${className ? ` class="${className}"` : ""}>${escapeHtml(name)}</a>`;
  const groups = menu.map(
    (top) =>
      `<div class="menu__group">${link(`/store/${top.path}`, top.name, "menu__top")}<ul>${top.children
        .map((c) => `<li>${link(`/store/${c.path}`, c.name)}</li>`)
        .join("")}</ul></div>`,
  );
  return `${groups.join("")}<div class="menu__group">${link("/store?sale=1", t("layout.sale"), "menu__top")}</div>`;
}

/** All counters in one round trip (one D1 batch), none when no counter needs a query. */
async function countAll(db: D1Database, sources: { [K in keyof Counters]: CounterSource }): Promise<Counters> {
  const keys = Object.keys(sources) as (keyof Counters)[];
  const queries = keys.filter((k) => typeof sources[k] !== "number");
  const rows = queries.length ? await db.batch<{ n: number }>(queries.map((k) => sources[k] as D1PreparedStatement)) : [];
  const out = {} as Counters;
  for (const k of keys) {
    const source = sources[k];
    out[k] = Math.max(0, typeof source === "number" ? source : (rows[queries.indexOf(k)]?.results[0]?.n ?? 0));
  }
  return out;
}

/**
 * The layout's data. Never throws for a bad language or a database hiccup (but a session that could not be read): the error
 * pages render inside this layout and need its language and texts (the page's
 * `getLang` answers the 404 for an unknown language prefix).
 */
export async function loadLayout(
  context: Readonly<RouterContextProvider>,
  sources: LayoutSources,
): Promise<{ layout: LayoutData; session: ShopperSession | null; flash: unknown }> {
  const app = getApp(context);
  const request = app.request;
  const lang = layoutLang(context);
  // The counters name the session by its id: they go to D1 with the session's own read.
  const [menu, session, counters] = await Promise.all([
    sources.menu(lang).catch((error: unknown) => {
      console.error("menu unavailable", error);
      return [] as MenuItem[];
    }),
    // A session the database could not read fails the page (503): the shopper is never shown as a guest.
    getSession(context).catch((error: unknown) => {
      if (isD1Outage(error)) throw error;
      return null;
    }),
    sources.owner
      .then((owner) => countAll(app.env.DB, { cart: sources.counters.cart(owner), favourites: sources.counters.favourites(owner) }))
      .catch(() => ({ cart: 0, favourites: 0 })),
  ]);
  const flash = await takeFlash(app.env, request);
  const readOnly = isReadOnly(app.env, request);
  return {
    layout: {
      lang,
      defaultLang: app.defaultLang,
      origin: app.origin,
      // The read-only mode's texts only while it is on: every page's hydration data carries the layout's.
      i18n: texts(lang, readOnly ? ["common", "maintenance"] : ["common"]),
      menu: menuHtml(menu, serverT(lang), (path) => localizePath(path, lang, app.defaultLang)),
      counters,
      signedIn: Boolean(session?.get("userId")),
      readOnly,
    },
    session,
    flash,
  };
}
