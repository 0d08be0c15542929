import { AsyncLocalStorage } from "node:async_hooks";
import { createStaticHandler, type RouteObject, type ServerBuild, type StaticHandler } from "react-router";
import { langOfUrl } from "~/i18n/url";
import { defaultLangOf, isLang } from "~/i18n/languages";
import type { D1Counter } from "./db-metrics.server";

/**
 * One JSON line per request (Workers Logs indexes its fields): what an operator needs to find
 * a request and see why it failed, and nothing personal. The path's own values (slugs, order
 * numbers) and the query string (search terms, phones) stay out: the route is named by React
 * Router's route id. Cookies, sessions and the request's body are never read here.
 */
export type RequestLine = {
  ray: string;
  method: string;
  route: string | null;
  lang: string;
  status: number;
  cache: string | null;
  d1: { calls: number; statements: number; ms: number; rowsRead: number };
  ms: number;
  error?: { class: string; message: string; stack?: string };
};

type Pending = { counters: D1Counter[]; error?: unknown };

/** DEV_LOG "line" (npm start): a short line a person reads instead of the JSON. */
type LogEnv = { DEFAULT_LANG?: string; DEV_LOG?: string };
const current = new AsyncLocalStorage<Pending>();

/** The request's D1 counts go into its line (an internal dispatch adds its own counter). */
export function noteD1(counter: D1Counter): void {
  current.getStore()?.counters.push(counter);
}

/** An error the router caught and answered (an error page): its class and stack go into the request's line once. */
export function noteError(error: unknown): boolean {
  const pending = current.getStore();
  if (!pending) return false;
  pending.error ??= error;
  return true;
}

let matcher: StaticHandler | undefined;
/**
 * React Router's route table, ranked once per isolate (a built Worker's routes never change).
 * `matchRoutes` would flatten and rank the table on every call: 1.4 ms of a 4 ms robots.txt.
 * A static handler keeps its ranked branches; its `match` is the one the router itself uses.
 */
function matcherOf(build: Pick<ServerBuild, "routes">): StaticHandler {
  if (matcher) return matcher;
  const all = Object.values(build.routes).filter((r) => r !== undefined);
  const children = (parentId: string | undefined): RouteObject[] =>
    all
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, index: true, path: r.path } : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: children(r.id) }));
  matcher = createStaticHandler(children(undefined));
  return matcher;
}

/**
 * Paths already matched: a shop's traffic repeats its pages (edge cache hits are most of it),
 * and matching walks every branch of the table (≈ 0.1 ms). Bounded: emptied when full.
 */
const routeIds = new Map<string, string | null>();
const ROUTE_IDS_KEPT = 2000;

/** The id of the deepest route a path matches (`routes/product`), never the path itself. */
export function routeIdOf(build: Pick<ServerBuild, "routes">, pathname: string): string | null {
  const known = routeIds.get(pathname);
  if (known !== undefined) return known;
  // Single-fetch data requests name the page with a ".data" suffix.
  const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  const match = matcherOf(build).match(path)?.at(-1);
  // "/foo" fits the home page's optional language segment, and is a 404: no route.
  const id = !match || (match.params.lang !== undefined && !isLang(match.params.lang)) ? null : (match.route.id ?? null);
  if (routeIds.size >= ROUTE_IDS_KEPT) routeIds.clear();
  routeIds.set(pathname, id);
  return id;
}

function errorClass(error: unknown): NonNullable<RequestLine["error"]> {
  if (error instanceof Error) return { class: error.name, message: error.message, stack: error.stack };
  return { class: typeof error, message: String(error) };
}

/**
 * The Worker's fetch handler, logging one line per request as it is answered: the D1 round trips
 * of streamed parts count (the loader starts them), the time they wait after the answer began
 * does not. A thrown error is logged with its stack and thrown again. (Written when the body
 * ends instead, a line would wait on a body nobody reads: workerd cancels such a request.)
 */
export function withRequestLog<R extends Request, E extends LogEnv, C>(
  fetch: (request: R, env: E, ctx: C) => Promise<Response>,
  build: () => Promise<Pick<ServerBuild, "routes">>,
): (request: R, env: E, ctx: C) => Promise<Response> {
  return async (request, env, ctx) => {
    const started = Date.now();
    const pending: Pending = { counters: [] };
    let response: Response | undefined;
    try {
      response = await current.run(pending, () => fetch(request, env, ctx));
    } catch (error) {
      pending.error = error;
      await writeLine(request, env, build, pending, started, undefined);
      throw error;
    }
    await writeLine(request, env, build, pending, started, response);
    return response;
  };
}

async function writeLine(
  request: Request,
  env: LogEnv,
  build: () => Promise<Pick<ServerBuild, "routes">>,
  pending: Pending,
  started: number,
  response: Response | undefined,
): Promise<void> {
  const url = new URL(request.url);
  let route: string | null = null;
  try {
    route = routeIdOf(await build(), url.pathname);
  } catch {
    // A route table that cannot load leaves the line without a route, never without a line.
  }
  const line: RequestLine = {
    ray: request.headers.get("CF-Ray") ?? crypto.randomUUID(),
    method: request.method,
    route,
    lang: langOfUrl(url, defaultLangOf(env)),
    status: response?.status ?? 500,
    cache: response?.headers.get("X-Cache") ?? null,
    d1: pending.counters.reduce<RequestLine["d1"]>(
      (sum, c) => ({
        calls: sum.calls + c.calls,
        statements: sum.statements + c.statements,
        ms: sum.ms + (c.ms ?? 0),
        rowsRead: sum.rowsRead + (c.rowsRead ?? 0),
      }),
      { calls: 0, statements: 0, ms: 0, rowsRead: 0 },
    ),
    ms: Date.now() - started,
    ...(pending.error === undefined ? {} : { error: errorClass(pending.error) }),
  };
  if (__STAND_INS__ && env.DEV_LOG === "line") console.log(readableLine(line));
  else console.log(JSON.stringify(line));
}

/** `GET 200 routes/product uz · bypass · D1 3× 2 ms · 14 ms`, and the error's class and message when there is one. */
export function readableLine(line: RequestLine): string {
  const d1 = line.d1.calls ? `D1 ${line.d1.calls}× ${line.d1.ms} ms` : "no D1";
  const parts = [`${line.method} ${line.status} ${line.route ?? "(no route)"} ${line.lang}`, line.cache ?? "-", d1, `${line.ms} ms`];
  return parts.join(" · ") + (line.error ? `  ${line.error.class}: ${line.error.message}` : "");
}
