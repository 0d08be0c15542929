import type { Route } from "./+types/sitemap-index";
import { getApp } from "~/server/context.server";
import { sitemapIndex } from "~/catalogue/index.server";

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  return new Response(await sitemapIndex(app.env.DB, app.origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
