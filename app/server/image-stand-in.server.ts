/**
 * Local runs and tests only (DEV_IMAGES=1): a stand-in for Cloudflare's Image Transformations,
 * which answer `/cdn-cgi/image/<options>/<source>` at the edge before the Worker in production.
 * It fetches the source from the shop itself, scales it down to the width (never up) through the
 * Images binding, whose local mode resizes with sharp in wrangler's and the tests' Node process
 * (no codec in the Worker's bundle: docs/decisions/025-photos-in-r2.md), and encodes WebP for a
 * browser that accepts it, else JPEG. An SVG goes out as it is, as Cloudflare sends it. Each
 * result is kept in a cache of its own, so a page's second view costs no resize.
 */

/** The format the edge's `format=auto` would choose among the two the stand-in writes. */
export const standInFormat = (accept: string | null) => (/\bimage\/webp\b/.test(accept ?? "") ? "image/webp" : "image/jpeg");

const CACHE = "image-stand-in";

export async function standInResize(
  env: { IMAGES: ImagesBinding },
  ctx: ExecutionContext,
  request: Request,
  { width, source, dispatch }: { width: number; source: string; dispatch: (request: Request) => Promise<Response> },
): Promise<Response> {
  const format = standInFormat(request.headers.get("Accept"));
  const origin = new URL(request.url).origin;
  const key = new Request(`${origin}/__image-stand-in/${width}/${format}/${source}`);
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  if (kept) return kept;
  const original = await dispatch(new Request(`${origin}/${source}`));
  const type = original.headers.get("Content-Type") ?? "";
  if (!original.ok || !original.body || !type.startsWith("image/")) {
    await original.body?.cancel();
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const headers = { "Cache-Control": "public, max-age=31536000, immutable", Vary: "Accept" };
  if (type.startsWith("image/svg")) return new Response(original.body, { headers: { ...headers, "Content-Type": type } });
  const bytes = await original.arrayBuffer();
  let body: ArrayBuffer;
  try {
    const resized = await env.IMAGES.input(new Response(bytes).body!).transform({ width, fit: "scale-down" }).output({ format, quality: 80 });
    body = await resized.response().arrayBuffer();
  } catch (error) {
    // A source the codec cannot read goes out as it is, unkept (miniflare's cf.image stand-in does the same).
    console.warn("image stand-in: not resized", source, error);
    return new Response(bytes, { headers: { "Content-Type": type, "Cache-Control": "no-store" } });
  }
  const answer = new Response(body, { headers: { ...headers, "Content-Type": format } });
  ctx.waitUntil(cache.put(key, answer.clone()));
  return answer;
}
