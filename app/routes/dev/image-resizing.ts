import { data, redirect } from "react-router";
import type { Route } from "./+types/image-resizing";
import { getApp } from "~/server/context.server";
import { isResizeOptions } from "~/ui/picture";

/**
 * Local runs and tests only (DEV_IMAGES=1): a stand-in for Cloudflare's Image Transformations,
 * which answer `/cdn-cgi/image/<options>/<source>` at the edge before the Worker (the photos'
 * `srcset`, app/ui/picture.ts). It checks the options the shop asks for and sends the
 * browser to the picture as it is: no resizing here. Only the shop's own paths (no open redirect).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const source = params["*"] ?? "";
  const valid = isResizeOptions(params.options) && /^[a-z0-9][a-z0-9/._-]*$/i.test(source) && !source.includes("..");
  if (getApp(context).env.DEV_IMAGES !== "1" || !valid) throw data(null, { status: 404 });
  return redirect(`/${source}`, { status: 302, headers: { "Cache-Control": "public, max-age=3600" } });
}
