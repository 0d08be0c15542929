import type { Route } from "./+types/image";
import { getApp } from "~/server/context.server";
import { getColorHex } from "~/catalogue/index.server";
import { silhouetteSvg } from "~/catalogue/index";

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = Number(/^(\d)\.svg$/.exec(params.view)?.[1]);
  const hex = /^[a-z0-9-]{1,40}$/.test(params.color) ? await getColorHex(getApp(context).env.DB, params.color) : null;
  const svg = hex ? silhouetteSvg(params.shape, hex, view) : null;
  if (!svg) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
