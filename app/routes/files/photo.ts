import { data } from "react-router";
import type { Route } from "./+types/photo";
import { photoResponse } from "~/catalogue/index.server";
import { getApp } from "~/server/context.server";

/** GET/HEAD /photos/<key>: a product photo's original from R2 (app/catalogue/photos.server.ts). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const response = await photoResponse(getApp(context).env.PHOTOS, params["*"] ?? "", request);
  if (!response) throw data(null, { status: 404 });
  return response;
}
