import { data } from "react-router";
import type { TFunction } from "i18next";
import { isLang, type Lang } from "~/i18n/languages";
import { getApp, type AppContext } from "~/server/context.server";
import type { RouterContextProvider } from "react-router";
import { errorList, type FormReply, refused } from "~/forms/parse.server";
import { getI18n } from "~/i18n/middleware.server";

/** JSON error answers of the /api routes: `{ success: false, message, errors? }`; a 429 says when to retry. */
export function apiError(status: number, message: string, errors?: { field: string; message: string }[], retryAfter?: number): never {
  throw data({ success: false, message, ...(errors ? { errors } : {}) }, refused(status, retryAfter));
}

/**
 * A JSON or form-encoded (query-string) body as text fields; arrays and objects
 * become JSON strings, as the spec's clients send sizes. Malformed → 400.
 */
export async function readPayload(request: Request, t: TFunction): Promise<Record<string, string>> {
  const type = request.headers.get("Content-Type") ?? "";
  const out: Record<string, string> = {};
  try {
    if (type.includes("application/json")) {
      const body: unknown = await request.json();
      if (!body || typeof body !== "object" || Array.isArray(body)) apiError(400, t("common:api.expectedObject"));
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
        if (v === null || v === undefined) continue;
        out[k] = typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v);
      }
      return out;
    }
    const form = await request.formData();
    for (const key of new Set(form.keys())) {
      const all = form.getAll(key).filter((v): v is string => typeof v === "string");
      const bare = key.replace(/\[\]$/, "");
      out[bare] = all.length > 1 || key.endsWith("[]") ? JSON.stringify(all) : (all[0] ?? "");
    }
    return out;
  } catch (e) {
    if (e instanceof Response || (e && typeof e === "object" && "init" in e)) throw e;
    apiError(400, t("common:api.malformedBody"));
  }
}

/** Language of API messages: ?lang=, else the default. */
export function apiContext(context: Readonly<RouterContextProvider>, request: Request): { app: AppContext; lang: Lang; t: TFunction } {
  const app = getApp(context);
  const q = new URL(request.url).searchParams.get("lang");
  const lang = isLang(q) ? q : app.defaultLang;
  const base = getI18n(context);
  return { app, lang, t: base.getFixedT(lang) };
}

/**
 * A refused form as the API answers it: 422 with per-field messages (404/429
 * kept), in the request's language.
 */
export function apiFailure(t: TFunction, result: { status: number; reply: FormReply; retryAfter?: number }): never {
  const errors = errorList(result.reply.error, (key) => t(key));
  apiError(result.status === 400 ? 422 : result.status, errors[0]?.message ?? t("common:errors.badRequestTitle"), errors, result.retryAfter);
}
