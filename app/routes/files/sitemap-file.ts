import type { Route } from "./+types/sitemap-file";
import { getApp } from "~/server/context.server";
import { pagesSitemap, productSitemap, sitemapFileOf, sitemapIndex } from "~/catalogue/index.server";
import { newsSitemapEntries } from "~/news/index.server";

const HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

/** /sitemap/<lang>-pages.xml, /sitemap/<lang>-<k>.xml (products), /sitemap/<lang>.xml (that language's index). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = sitemapFileOf(params.file);
  if (!file) return new Response("Not Found", { status: 404 });
  const app = getApp(context);
  const db = app.env.DB;
  if (file.part === "index") return new Response(await sitemapIndex(db, app.origin, [file.lang]), { headers: HEADERS });
  if (file.part === "pages")
    return new Response(await pagesSitemap(db, app.origin, file.lang, app.defaultLang, await newsSitemapEntries(db)), { headers: HEADERS });
  const body = await productSitemap(db, app.origin, file.lang, app.defaultLang, file.part);
  return body ? new Response(body, { headers: HEADERS }) : new Response("Not Found", { status: 404 });
}
