import type { Route } from "./+types/robots";
import { getApp } from "~/server/context.server";

export function loader({ context }: Route.LoaderArgs) {
  const { origin } = getApp(context);
  // Filter and sort URLs stay crawlable (their pages say noindex and point to the canonical).
  // A sign-in page with a return_url comes once per page it returns to (every review has one):
  // not for crawlers, which honour nofollow on those links only as a hint.
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /cart",
    "Disallow: /ru/cart",
    "Disallow: /uk/cart",
    "Disallow: /*return_url=",
    "Disallow: /ops",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
