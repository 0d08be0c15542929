import { seededRandom } from "./seeded-random";
import { HTML_LANG, type Lang } from "~/i18n/languages";
import { texts } from "~/i18n/resources.server";
import { createT } from "~/i18n/translate";
import { langOfUrl, localizePath } from "~/i18n/url";
import { escapeHtml, escapeUrl } from "~/ui/html";

/**
 * D1's failures, by what a caller can do about them (Cloudflare documents these messages):
 * - transient: the connection or the database's storage object went away ("Network connection
 *   lost", "…caused object to be reset", "internal error", "transient issue on remote node");
 *   the same query a moment later usually works;
 * - overloaded: the database's queue is full ("D1 DB is overloaded", "Too many requests queued");
 *   trying again at once only adds to the queue, so the shopper is asked to come back shortly;
 * - other: the statement itself is wrong (SQL, a constraint): trying again gives the same answer.
 */
export type D1FaultKind = "transient" | "overloaded" | "other";

const OVERLOADED = /overloaded|too many requests queued|requests queued for too long/i;
const TRANSIENT =
  /network connection lost|object to be reset|caused object to be reset|was reset|internal error|transient issue|connection reset|exceeded its memory limit|code was updated/i;

/** The kind of a D1 failure, or null for anything that is not one (a bug, a thrown Response). */
export function classifyD1Error(error: unknown): D1FaultKind | null {
  if (!(error instanceof Error)) return null;
  const text = `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}`;
  if (OVERLOADED.test(text)) return "overloaded";
  if (TRANSIENT.test(text)) return "transient";
  return /D1_|SQLITE/.test(text) ? "other" : null;
}

/** A failure the shopper can only wait out: answered 503, never 500, never hidden. */
export function isD1Outage(error: unknown): boolean {
  const kind = classifyD1Error(error);
  return kind === "transient" || kind === "overloaded";
}

/** What a request met: an outage that its retries did not get past (the entry answers 503 for it). */
export type D1Faults = { unrecovered?: "transient" | "overloaded" };

const RUNNERS = new Set(["all", "first", "run", "raw"]);
const WRITE = /\b(INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER)\b/i;
/** A statement that changes nothing: safe to run again. */
export const isRead = (sql: string) => /^\s*(SELECT|WITH)\b/i.test(sql) && !WRITE.test(sql);

/** The database with `around` wrapped about every round trip (a statement's runner, a batch). */
function interceptD1(db: D1Database, around: <T>(sqls: string[], run: () => Promise<T>) => Promise<T>): D1Database {
  // Own symbols per layer: workerd's batch takes only its own statement objects, so each layer unwraps its own.
  const REAL = Symbol("real statement");
  const SQL = Symbol("sql");
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === REAL) return target;
        if (prop === SQL) return sql;
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), sql);
        if (typeof prop === "string" && RUNNERS.has(prop)) {
          return (...args: unknown[]) => around([sql], () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      // A Sessions API session of the database is the same database, and fails the same way.
      if (prop === "withSession" && typeof target.withSession === "function") {
        return (constraint?: string) => interceptD1(target.withSession(constraint) as unknown as D1Database, around);
      }
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          const parts = statements as unknown as Record<symbol, unknown>[];
          return around(
            parts.map((s) => (s[SQL] as string | undefined) ?? ""),
            () => target.batch(parts.map((s) => (s[REAL] as D1PreparedStatement | undefined) ?? (s as unknown as D1PreparedStatement))),
          );
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Tries after the first for a read that met a transient failure, and the pause before each. */
const READ_RETRY_DELAYS_MS = [25, 100];
/** The most round trips one read (or batch of reads) costs under the policy: the first try and its retries. */
export const READ_TRIES = 1 + READ_RETRY_DELAYS_MS.length;

/**
 * The request's database: a read (or a batch of reads) that meets a transient failure is tried
 * again twice within ~125 ms; a write is never tried again here (it may have been applied before
 * the connection dropped; the order's idempotency key lets the shopper's own retry be safe), nor
 * is anything met by "overloaded" (another try only lengthens the queue). A failure that stays is
 * noted in `faults`, for the entry's 503.
 */
export function resilientD1(db: D1Database, faults: D1Faults): D1Database {
  return interceptD1(db, async (sqls, run) => {
    const retryable = sqls.length > 0 && sqls.every(isRead);
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const kind = classifyD1Error(error);
        if (kind === "transient" && retryable && attempt < READ_RETRY_DELAYS_MS.length) {
          await new Promise((r) => setTimeout(r, READ_RETRY_DELAYS_MS[attempt]));
          continue;
        }
        if (kind === "transient" || kind === "overloaded") faults.unrecovered = kind;
        throw error;
      }
    }
  });
}

/** The failures D1 documents, as its binding words them; the injector throws these. */
export const DOCUMENTED_D1_ERRORS = [
  "D1_ERROR: Network connection lost.",
  "D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset.",
  "D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.",
  "D1_ERROR: D1 DB's isolate exceeded its memory limit and was reset.",
  "D1_ERROR: Cannot resolve D1 DB due to transient issue on remote node.",
  "D1_ERROR: internal error",
  "D1_ERROR: D1 DB is overloaded. Requests queued for too long.",
  "D1_ERROR: D1 DB is overloaded. Too many requests queued.",
] as const;

/**
 * Tests only (DEV_D1_FAULTS, or a test building it): the database, failing `rate` of its round
 * trips with one of D1's documented errors, before the statement reaches it (so a failed write
 * is never half done, as with a dropped connection before D1 took it); `only` picks the round
 * trips that may fail (a test failing one feature's reads), `errors` the messages (a test of
 * one kind of failure).
 */
export function faultyD1(
  db: D1Database,
  rate: number,
  seed = 1,
  only: (sql: string) => boolean = () => true,
  errors: readonly string[] = DOCUMENTED_D1_ERRORS,
): D1Database {
  const next = seededRandom(seed);
  return interceptD1(db, (sqls, run) => {
    if (sqls.some(only) && next() < rate) {
      const message = errors[Math.floor(next() * errors.length)]!;
      return Promise.reject(new Error(message));
    }
    return run();
  });
}

/** DEV_D1_FAULTS ("0.2": a fifth of round trips fail), never where the shop has a public origin. */
export function injectedFaultRate(env: Pick<Env, "DEV_D1_FAULTS" | "PUBLIC_ORIGIN">): number {
  const rate = Number(env.DEV_D1_FAULTS);
  return !env.PUBLIC_ORIGIN && rate > 0 && rate < 1 ? rate : 0;
}

/**
 * Local only (DEV_D1_LATENCY_MS, "70"): the database a network round trip away, as D1 is from
 * most of a shop's data centres. Each round trip (a statement run, or a batch) waits that long
 * before it goes, so a page's first byte shows what its round trips cost in production.
 */
export function distantD1(db: D1Database, ms: number): D1Database {
  return interceptD1(db, (_sqls, run) => new Promise((resolve) => setTimeout(resolve, ms)).then(run));
}

/** DEV_D1_LATENCY_MS in milliseconds (up to a second), never where the shop has a public origin. */
export function injectedLatency(env: Pick<Env, "DEV_D1_LATENCY_MS" | "PUBLIC_ORIGIN">): number {
  const ms = Number(env.DEV_D1_LATENCY_MS);
  return !env.PUBLIC_ORIGIN && ms > 0 && ms <= 1000 ? ms : 0;
}

/** Seconds a shopper is asked to wait: a queue drains in seconds, a reset storage object in a few more. */
const RETRY_AFTER = { transient: 5, overloaded: 10, readOnly: 300 } as const;

const isApi = (pathname: string) => /^\/api(\/|$)/.test(pathname);

/** The localized 503: a small page (no layout: its data may be what failed) or the API's JSON. */
export function unavailable(url: URL, defaultLang: Lang, why: "outage" | "readOnly", retryAfter: number): Response {
  const lang = langOfUrl(url, defaultLang);
  const t = createT(lang, texts(lang, ["common", "server", "maintenance"]));
  const headers = { "Cache-Control": "no-store", "Retry-After": String(retryAfter) };
  const title = t(why === "readOnly" ? "maintenance:title" : "server:unavailable.title");
  const text = t(why === "readOnly" ? "maintenance:text" : "server:unavailable.text");
  if (isApi(url.pathname)) return Response.json({ success: false, message: text }, { status: 503, headers });
  const page = url.pathname.replace(/^\/+/, "/") + url.search;
  const html = `<!DOCTYPE html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex"/>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem;color:#1f1f1f}a{color:inherit}</style></head>
<body><main><p>503</p><h1 data-testid="unavailable">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<p><a href="${escapeUrl(page)}">${escapeHtml(t("server:early.openPage"))}</a> · <a href="${escapeUrl(localizePath("/", lang, defaultLang))}">${escapeHtml(t("errors.home"))}</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}

/**
 * The entry's answer after the render: a 5xx of a request that met a D1 outage it could not get
 * past becomes the localized 503 (a streamed part that failed after the page began is already
 * inside a 200 and stays there, with its quiet fallback).
 */
export function outageAnswer(response: Response, faults: D1Faults, url: URL, defaultLang: Lang): Response {
  if (response.status < 500 || !faults.unrecovered) return response;
  return unavailable(url, defaultLang, "outage", RETRY_AFTER[faults.unrecovered]);
}

type MaintenanceEnv = Pick<Env, "MAINTENANCE" | "DEV_MAINTENANCE_COOKIE" | "PUBLIC_ORIGIN">;

/**
 * MAINTENANCE=read-only: the shop shows pages but takes no writes. DEV_MAINTENANCE_COOKIE=1 (the
 * local server the browser tests run, never where PUBLIC_ORIGIN is set) lets a request carrying
 * `dev_maintenance=read-only` see the shop in that mode, so one server serves both.
 */
export function isReadOnly(env: MaintenanceEnv, request: Request): boolean {
  if (env.MAINTENANCE === "read-only") return true;
  return (
    __STAND_INS__ &&
    env.DEV_MAINTENANCE_COOKIE === "1" &&
    !env.PUBLIC_ORIGIN &&
    /(?:^|;\s*)dev_maintenance=read-only(?:;|$)/.test(request.headers.get("Cookie") ?? "")
  );
}

/** In read-only mode, a write (any method but GET, HEAD, OPTIONS) is answered 503 before it reaches D1. */
export function readOnlyRefusal(request: Request, env: MaintenanceEnv, url: URL, defaultLang: Lang): Response | null {
  if (!isReadOnly(env, request) || ["GET", "HEAD", "OPTIONS"].includes(request.method)) return null;
  return unavailable(url, defaultLang, "readOnly", RETRY_AFTER.readOnly);
}
