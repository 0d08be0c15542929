import type { Route } from "./+types/sitemap-lang";
import { getApp } from "~/server/context.server";
import { languageSitemap } from "~/catalogue/index.server";
import { isLang } from "~/i18n/languages";
import { newsSitemapEntries } from "~/news/index.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const lang = /^(\w+)\.xml$/.exec(params.file)?.[1];
  if (!isLang(lang)) return new Response("Not Found", { status: 404 });
  const app = getApp(context);
  return new Response(await languageSitemap(app.env.DB, app.origin, lang, app.defaultLang, await newsSitemapEntries(app.env.DB)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
