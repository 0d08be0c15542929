import { isRouteErrorResponse, type MiddlewareFunction } from "react-router";

/**
 * Popups that show server content (the review rules, the size table, delivery info, the
 * checkout limit) are pages of their own and, for a request that says
 * `X-Requested-With: XMLHttpRequest` (the popup loader's), their content alone: an HTML
 * fragment without the layout. Both answers name the header in `Vary`, and the Worker's edge
 * cache keys fragments apart from pages (edge-cache.server.ts): docs/decisions/021-popup-fragments.md.
 */

export const FRAGMENT_HEADER = "X-Requested-With";

/** Whether a request asks for a popup's content alone. */
export function wantsFragment(request: Request): boolean {
  return request.headers.get(FRAGMENT_HEADER)?.toLowerCase() === "xmlhttprequest";
}

function withVary(response: Response): Response {
  const vary = response.headers.get("Vary") ?? "";
  if (vary.toLowerCase().includes(FRAGMENT_HEADER.toLowerCase())) return response;
  const headers = new Headers(response.headers);
  headers.append("Vary", FRAGMENT_HEADER);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

type Args = Parameters<MiddlewareFunction<Response>>[0];

/**
 * Route middleware: a fragment request is answered with `render`'s markup (no parent loader,
 * no layout, no script); null or a thrown 4xx answers that status with an empty body, which
 * the loader shows nothing of. Any other request gets the page.
 */
export function fragmentMiddleware(render: (args: Args) => Promise<string | null> | string | null): MiddlewareFunction<Response> {
  return async (args, next) => {
    const { request } = args;
    if (!wantsFragment(request) || (request.method !== "GET" && request.method !== "HEAD")) return withVary(await next());
    let html: string | null;
    let status = 200;
    try {
      html = await render(args);
    } catch (error) {
      if (error instanceof Response) status = error.status;
      else if (isRouteErrorResponse(error)) status = error.status;
      // data(null, { status }) as loaders throw it.
      else if (typeof error === "object" && error !== null && "init" in error && "data" in error) status = (error.init as ResponseInit | null)?.status ?? 500;
      else throw error;
      html = null;
    }
    if (html === null) status = status === 200 ? 404 : status;
    return withVary(
      new Response(html === null || request.method === "HEAD" ? null : html, {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      }),
    );
  };
}
