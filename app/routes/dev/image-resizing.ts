import { data } from "react-router";
import type { Route } from "./+types/image-resizing";
import { getApp } from "~/server/context.server";
import { standInResize } from "~/server/image-stand-in.server";
import { isResizeOptions } from "~/ui/picture";

/**
 * Local runs and tests only (DEV_IMAGES=1): a stand-in for Cloudflare's Image Transformations
 * (`/cdn-cgi/image/<options>/<source>`, the photos' `srcset`, app/ui/picture.ts) that really
 * resizes (app/server/image-stand-in.server.ts). Only the options the shop writes, and only the
 * shop's own paths.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const source = params["*"] ?? "";
  const valid = isResizeOptions(params.options) && /^[a-z0-9][a-z0-9/._-]*$/i.test(source) && !source.includes("..");
  if (app.env.DEV_IMAGES !== "1" || !valid) throw data(null, { status: 404 });
  const width = Number(/^width=(\d+),/.exec(params.options)![1]);
  return standInResize(app.env, app.ctx, request, { width, source, dispatch: app.dispatch });
}
