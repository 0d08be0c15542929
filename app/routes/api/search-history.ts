import type { Route } from "./+types/search-history";
import { getShopper, guestSessionForWrite } from "~/server/request.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { localizePath } from "~/i18n/url";
import { clearSearchHistory, type HistoryEntry, recordSearch, recordSearchSchema, removeSearch, searchHistory } from "~/search/index.server";
import { apiContext, apiError, apiFailure, readPayload } from "~/server/api.server";
import { ensureGuestKey } from "~/server/session.server";

const ID = /^[1-9][0-9]{0,9}$/;

/**
 * `GET /api/search/history` (docs/api.md): the shopper's recent searches, newest first, an
 * account's from D1, a guest's by their session; `kept: false` when nothing can be kept yet
 * (a guest without a session: the first `POST` starts one). Personal: never cached.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { app, lang } = apiContext(context);
  const { owner } = await getShopper(context);
  const items = await searchHistory(app.env.DB, owner);
  return Response.json({ kept: owner.userId !== null || owner.guestKey !== null, items: items.map((e) => entryJson(e, lang, app.defaultLang)) });
}

function entryJson(e: HistoryEntry, lang: Parameters<typeof localizePath>[1], defaultLang: Parameters<typeof localizePath>[2]) {
  return { id: e.id, query: e.query, url: localizePath(`/search?q=${encodeURIComponent(e.query)}`, lang, defaultLang) };
}

/**
 * `POST /api/search/history` (`q`): remembers a search (201; a guest's session starts here if
 * there was none, within the new-sessions limit: 429). `DELETE /api/search/history`: forgets
 * all (204); `DELETE /api/search/history/<id>`: one of the shopper's own (204, whether it was there or not; another's stays theirs).
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, t } = apiContext(context);
  const shopper = await getShopper(context);
  const db = app.env.DB;
  if (request.method === "DELETE") {
    if (params.id !== undefined) {
      if (!ID.test(params.id)) apiError(404, t("search:errors.entry"));
      // Idempotent, as the favourites' DELETE: an entry that is not (or no longer) the shopper's is not there for them either.
      await removeSearch(db, shopper.owner, Number(params.id));
    } else await clearSearchHistory(db, shopper.owner);
    return new Response(null, { status: 204 });
  }
  if (params.id !== undefined) apiError(405, t("server:api.methodNotAllowed"));
  const submission = parseForm(payloadForm(await readPayload(request, t)), recordSearchSchema);
  if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
  if (shopper.owner.userId === null && shopper.owner.guestKey === null) {
    const session = await guestSessionForWrite(context, shopper);
    if ("limited" in session) apiError(429, t("search:errors.tooMany"), undefined, session.retryAfter);
    shopper.owner = { userId: null, guestKey: ensureGuestKey(session) };
  }
  await recordSearch(db, shopper.owner, submission.value.q);
  return Response.json({ success: true }, { status: 201 });
}
