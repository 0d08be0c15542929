import { addSynonym, listSynonyms, searchMisses, weekOf } from "~/search/index.server";
import { parseForm, payloadForm } from "~/forms/parse.server";
import { apiFailure, readPayload } from "~/server/api.server";
import type { OpsRequest } from "./call.server";
import { missesQuerySchema, synonymSchema } from "./schema";

const MISSES_LIMIT = 100;

/** A week's Monday as a date (YYYY-MM-DD), from its days since 1970. */
const mondayOf = (week: number) => new Date(week * 86_400_000).toISOString().slice(0, 10);

/**
 * `GET /api/ops/search/misses?week=<YYYY-MM-DD>&lang=<uz|ru|uk>&limit=<n>`: the searches of a week
 * (this one without `week`) that found nothing or were corrected, the commonest first: the
 * query, its language, how many times, what it was corrected to (null: it found nothing).
 */
export async function searchMissesCall({ app, t, request }: OpsRequest): Promise<Response> {
  const query = Object.fromEntries([...new URL(request.url).searchParams].filter(([k]) => ["week", "lang", "limit"].includes(k)));
  const submission = parseForm(payloadForm(query), missesQuerySchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const { week: day, lang, limit } = submission.value;
  const week = weekOf(day ? Date.parse(`${day}T00:00:00Z`) : Date.now());
  const misses = await searchMisses(app.env.DB, week, lang ?? null, limit ?? MISSES_LIMIT);
  return Response.json({ week: mondayOf(week), misses });
}

/**
 * `GET /api/ops/search/synonyms`: the words taught, the newest first. `POST {word, means, lang}`:
 * teaches one, applied to the index at once (201; 200 when it was taught already), with how
 * many products it reached.
 */
export async function searchSynonymsCall({ app, t, request }: OpsRequest): Promise<Response> {
  if (request.method === "GET" || request.method === "HEAD") return Response.json({ synonyms: await listSynonyms(app.env.DB) });
  const submission = parseForm(payloadForm(await readPayload(request, t)), synonymSchema);
  if (submission.status !== "success") apiFailure(t, { status: 422, reply: submission.reply() });
  const synonym = submission.value;
  const { created, products } = await addSynonym(app.env.DB, synonym);
  return Response.json({ success: true, synonym, products }, { status: created ? 201 : 200 });
}
