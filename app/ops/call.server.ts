import { data, type RouterContextProvider } from "react-router";
import type { TFunction } from "~/i18n/translate";
import type { Lang } from "~/i18n/languages";
import { refused } from "~/forms/parse.server";
import { apiContext, apiError } from "~/server/api.server";
import type { AppContext } from "~/server/context.server";
import { clientAddress, hit, refund } from "~/server/rate-limit.server";
import { audit, bearerOf, clientOfKey, type OpsClient, type OpsScope } from "./keys.server";

/** Key attempts per client address in ten minutes; a valid key's attempt is given back. */
export const OPS_TRIES = 20;
export const OPS_TRIES_WINDOW = 600;

export type OpsRequest = { app: AppContext; lang: Lang; t: TFunction; client: OpsClient; request: Request };

type Args = { context: Readonly<RouterContextProvider>; request: Request };

/**
 * Every operations API call goes through here, whatever its path: too many attempts from
 * an address → 429 (Retry-After); no valid key → 401; a key without the call's scope →
 * 403; a method the call does not take → 405 (Allow); then the call. Only then does a
 * path say whether what it names exists (404), so a caller without a key learns nothing
 * about the paths. Every answer, refusals included, leaves one audit line.
 */
export async function opsCall(
  { context, request }: Args,
  need: { scope: OpsScope | null; methods: string[] },
  run: (call: OpsRequest) => Promise<Response>,
): Promise<Response> {
  const { app, lang, t } = apiContext(context);
  const path = new URL(request.url).pathname;
  let who = "-";
  let status = 500;
  try {
    const limitKey = `ops-key:${clientAddress(request)}`;
    const limit = await hit(app.env.DB, limitKey, OPS_TRIES, OPS_TRIES_WINDOW);
    if (!limit.allowed) apiError(429, t("ops:errors.tooManyTries"), undefined, limit.retryAfter);
    const client = await clientOfKey(app.env.DB, bearerOf(request));
    if (!client) throw data({ success: false, message: t("ops:errors.key") }, refused(401, undefined, { "WWW-Authenticate": 'Bearer realm="ops"' }));
    who = client.name;
    await refund(app.env.DB, [limitKey], OPS_TRIES_WINDOW);
    if (need.scope && !client.scopes.includes(need.scope)) apiError(403, t("ops:errors.scope", { scope: need.scope }));
    const allowed = need.methods.includes("GET") ? ["GET", "HEAD", ...need.methods.filter((m) => m !== "GET")] : need.methods;
    if (!allowed.includes(request.method))
      throw data({ success: false, message: t("server:api.methodNotAllowed") }, refused(405, undefined, { Allow: allowed.join(", ") }));
    const response = await run({ app, lang, t, client, request });
    status = response.status;
    return response;
  } catch (e) {
    status = statusOf(e) ?? 500;
    throw e;
  } finally {
    await audit(app.env.DB, who, request.method, path, status).catch(() => undefined);
  }
}

/** The status a thrown answer carries (`data(…, init)` or a Response). */
function statusOf(e: unknown): number | null {
  if (e instanceof Response) return e.status;
  if (e && typeof e === "object" && "init" in e) return (e as { init?: { status?: number } | null }).init?.status ?? 200;
  return null;
}
