import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { appContext, makeAppContext } from "~/server/context.server";
import { applySecurityHeaders, createNonce, isCrossSiteMutation } from "~/server/security.server";
import { langOfUrl, resolvePrefix } from "~/i18n/url";
import { defaultLangOf } from "~/i18n/languages";
import { defaultLangContext } from "~/i18n/translator.server";
import { consumeOutbox, requeueLost, type QueueMessageBody } from "~/outbox/index.server";
import { liteSwitch } from "~/server/lite.server";
import { edgeCache } from "~/server/edge-cache.server";
import { batchingD1 } from "~/server/d1-batching.server";
import { answeringD1, countingD1, type D1Call, type D1Counter } from "~/server/db-metrics.server";
import { distantD1, faultyD1, injectedFaultRate, injectedLatency, outageAnswer, readOnlyRefusal, resilientD1, type D1Faults } from "~/server/d1-faults.server";
import { laggingReplica } from "~/server/d1-lagging-replica";
import { routeD1 } from "~/server/d1-session.server";
import { purgeExpired } from "./maintenance";
import { noteD1, withRequestLog } from "~/server/request-log.server";
import {
  expireUnpaidOrders,
  lapseUnconfirmedOrders,
  payOrigins,
  reconcile,
  retryDueReceipts,
  retryDueRefunds,
  unconfirmedHours,
  unpaidMinutes,
} from "~/orders/index.server";
import { methodNotAllowedPage, tooLargePage } from "~/server/method-not-allowed.server";
import { apiRefusal, checkMethod, discardBody, isApiPath, jsonLoginRequest, type MethodCheck, withinBodyLimit } from "~/server/methods.server";

/**
 * Given a function, React Router re-derives its route tables and static handler on every
 * request (so the dev server picks up edits); a built Worker's routes never change, so
 * it derives them once per isolate.
 */
let builtHandler: RequestHandler | undefined;
const requestHandler: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE)
  : async (request, context) =>
      (builtHandler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE))(request, context);

/** BENCH_D1=1 only (npm run bench): the D1 round trips of requests that asked to be recorded, by key. */
const benchD1 = new Map<string, D1Call[]>();
/**
 * Never where the shop has a public origin (a deployment), whatever BENCH_D1 says, and only for
 * a GET to a loopback address (the bench's own server): recordings hold whole answers (a
 * shopper's session, cart, account), which no other client may be served.
 */
const benchOn = (env: Env, request: Request) =>
  __STAND_INS__ &&
  env.BENCH_D1 === "1" &&
  !env.PUBLIC_ORIGIN &&
  request.method === "GET" &&
  ["127.0.0.1", "localhost", "[::1]"].includes(new URL(request.url).hostname);
/** A page's GET that asks to be recorded (a few keys at most: the bench's pages). */
function benchRecording(env: Env, request: Request): string | null {
  const key = benchOn(env, request) ? request.headers.get("X-Bench-D1") : null;
  return key && (benchD1.has(key) || benchD1.size < 20) ? key : null;
}

/** BENCH_D1=1 only: a page's D1 answered from its recording (`X-Bench-D1-Answer: <key>`), so its CPU is the Worker's own. */
const benchAnswering = new WeakMap<D1Call[], D1Database>();
function benchAnswers(env: Env, request: Request): D1Database | null {
  const log = benchOn(env, request) ? benchD1.get(request.headers.get("X-Bench-D1-Answer") ?? "") : undefined;
  if (!log) return null;
  let db = benchAnswering.get(log);
  if (!db) benchAnswering.set(log, (db = answeringD1(log, env.DB)));
  return db;
}

/** DEV_D1_FAULTS only: each request's injected failures follow the next seed (a run repeats). */
let faultSeed = 0;

/** Longer URLs are refused before any parsing (a 10 kB query string is an attack, not a filter). */
const MAX_URL_LENGTH = 4096;

/** Tests only (DEV_D1_REPLICA): a request marked so reads through a replica that never catches up. */
function replicaStandIn(env: Env, request: Request): D1Database | null {
  const replica = (env as Env & { DB_REPLICA?: D1Database }).DB_REPLICA;
  if (env.DEV_D1_REPLICA !== "1" || !replica || request.headers.get("X-Dev-D1-Replica") !== "lagging") return null;
  return laggingReplica(env.DB, replica);
}

const worker = {
  async fetch(request, env, ctx) {
    const edge = await edgeCache(request, env, ctx);
    if (edge.hit) return edge.hit;
    const nonce = createNonce();
    const defaultLang = defaultLangOf(env);
    let url = new URL(request.url);
    const jsonLogin = jsonLoginRequest(request, url);
    if (jsonLogin) {
      request = jsonLogin as typeof request;
      url = new URL(request.url);
    }
    let response: Response;
    let check: MethodCheck;
    let early: Response | null;
    let served: Request | null = request;
    // Every answer given before the body is read drops it first (see discardBody).
    if (request.url.length > MAX_URL_LENGTH) {
      await discardBody(request);
      response = new Response("URI Too Long", { status: 414, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    } else if (isCrossSiteMutation(request)) {
      await discardBody(request);
      response = new Response("Forbidden: cross-site request", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    } else {
      const prefix = resolvePrefix(url.pathname, defaultLang);
      if (prefix.kind === "redirect") {
        await discardBody(request);
        response = new Response(null, { status: 301, headers: { Location: prefix.location + url.search } });
      } else if ((check = checkMethod(request.method, url.pathname))) {
        await discardBody(request);
        response = check.api ? apiRefusal(check, url, defaultLang) : methodNotAllowedPage(url, langOfUrl(url, defaultLang), defaultLang, check.allow);
      } else if ((early = readOnlyRefusal(request, env, url, defaultLang))) {
        await discardBody(request);
        response = early;
      } else if (!(served = await withinBodyLimit(request))) {
        response = isApiPath(url.pathname) ? apiRefusal({ status: 413 }, url, defaultLang) : tooLargePage(url, langOfUrl(url, defaultLang), defaultLang);
      } else if ((early = isApiPath(url.pathname) ? null : liteSwitch(request, url))) {
        response = early;
      } else {
        const context = new RouterContextProvider();
        const d1: D1Counter = { calls: 0, statements: 0 };
        noteD1(d1);
        const benchKey = __STAND_INS__ ? benchRecording(env, request) : null;
        // Filled as the response streams (its deferred parts run their statements too).
        if (benchKey) benchD1.set(benchKey, (d1.log = []));
        const dispatch = (r: Request) => worker.fetch(r as typeof request, env, ctx);
        // Reads may come from a replica; a shopper's reads see their own writes (app/server/d1-session.server.ts).
        const database = routeD1((__STAND_INS__ ? replicaStandIn(env, served) : null) ?? env.DB, served);
        // Reads get past a passing D1 failure; one that stays answers a localized 503 (d1-faults.server.ts).
        const faults: D1Faults = {};
        // Injected faults and distance: the local runs' (never in the deployed build).
        const rate = __STAND_INS__ ? injectedFaultRate(env) : 0;
        const latency = __STAND_INS__ ? injectedLatency(env) : 0;
        const distant = latency ? distantD1(database.db, latency) : database.db;
        const db = resilientD1(rate ? faultyD1(distant, rate, ++faultSeed) : distant, faults);
        // Reads asked for in the same turn (the root's and the page's loaders) share one round trip.
        const DB = batchingD1(countingD1((__STAND_INS__ ? benchAnswers(env, served) : null) ?? db, d1));
        context.set(appContext, makeAppContext(served, { ...env, DB }, ctx, nonce, dispatch));
        context.set(defaultLangContext, defaultLang);
        response = outageAnswer(await requestHandler(served, context), faults, url, defaultLang);
        // A route may answer without reading the body (401, a redirect to login): drop the rest of it.
        await discardBody(served);
        // Round trips (and the statements they ran) before the response began (streamed parts may add more).
        response = new Response(response.body, response);
        database.remember(served, response);
        // Its time (wall clock: D1 is a round trip away in production) and the rows it read, too.
        response.headers.append("Server-Timing", `d1;desc="${d1.calls} calls, ${d1.statements} statements, ${d1.rowsRead ?? 0} rows read";dur=${d1.ms ?? 0}`);
      }
    }
    return edge.answer(applySecurityHeaders(response, request, nonce, payOrigins(env)), nonce);
  },

  /**
   * wrangler.toml [triggers]: every 10 minutes unpaid online and unconfirmed cash/card orders expire and
   * refunds and fiscal receipts a provider refused are tried again; daily, expired sessions and abandoned guest carts go
   * and the ledger is reconciled with the providers'.
   */
  async scheduled(controller, env, ctx) {
    if (controller.cron.startsWith("*/")) {
      ctx.waitUntil(expireUnpaidOrders(env.DB, unpaidMinutes(env)).then((n) => console.info(`cancelled ${n} unpaid online orders`)));
      ctx.waitUntil(lapseUnconfirmedOrders(env, unconfirmedHours(env)).then((n) => console.info(`cancelled ${n} unconfirmed orders paid on delivery`)));
      ctx.waitUntil(requeueLost(env).then((n) => console.info(`queued ${n} lost outbox messages again`)));
      // Money owed back that a provider refused or did not answer: tried again (a local stand-in through the Worker itself).
      const dispatch = (r: Request) => worker.fetch(r as Parameters<typeof worker.fetch>[0], env, ctx);
      ctx.waitUntil(retryDueRefunds(env, dispatch).then((n) => console.info(`refunded ${n} orders`)));
      ctx.waitUntil(retryDueReceipts(env, dispatch).then((n) => console.info(`${n} fiscal receipts accepted`)));
      return;
    }
    ctx.waitUntil(purgeExpired(env.DB).then((r) => console.info(`purged ${r.sessions} sessions, ${r.carts} guest carts`)));
    // The shop's ledger against the providers': findings for operators, never a change of money.
    const dispatch = (r: Request) => worker.fetch(r as Parameters<typeof worker.fetch>[0], env, ctx);
    ctx.waitUntil(reconcile(env, dispatch).then((r) => console.info(`reconciled ${r.examined} payments, ${r.open} findings open`)));
  },

  /** Delivers SMS and e-mails from the outbox (see app/outbox/outbox.server.ts). */
  async queue(batch, env) {
    await consumeOutbox(batch, env);
  },
} satisfies ExportedHandler<Env, QueueMessageBody>;

const loggedFetch = withRequestLog(worker.fetch, () => import("virtual:react-router/server-build"));
/**
 * BENCH_D1=1 only: an answer before any of the shop's layers (`X-Bench-Empty`), the floor of
 * what the local runtime itself spends per request; the bench takes it off robots.txt's to give
 * the entry's own CPU.
 */
const benchEmpty = (env: Env, request: Request) => __STAND_INS__ && env.BENCH_D1 === "1" && request.headers.has("X-Bench-Empty") && benchOn(env, request);

export default {
  ...worker,
  fetch: (request, env, ctx) => (benchEmpty(env, request) ? Promise.resolve(new Response("User-agent: *\n")) : loggedFetch(request, env, ctx)),
} satisfies typeof worker;
