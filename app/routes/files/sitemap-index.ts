import type { Route } from "./+types/sitemap-index";
import { getApp } from "~/server/context.server";
import { sitemapIndex } from "~/catalogue/index.server";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapIndex(getApp(context).origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
