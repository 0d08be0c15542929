import type { Route } from "./+types/robots";
import { getApp } from "~/server/context.server";

export function loader({ context }: Route.LoaderArgs) {
  const { origin } = getApp(context);
  // Filter and sort URLs stay crawlable (their pages say noindex and point to the canonical).
  const body = ["User-agent: *", "Allow: /", "Disallow: /cart", "Disallow: /ru/cart", "Disallow: /uk/cart", "", `Sitemap: ${origin}/sitemap.xml`, ""].join(
    "\n",
  );
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
