import { data } from "react-router";
import type { TFunction } from "~/i18n/translate";
import type { Lang } from "~/i18n/languages";
import { getLang } from "./request.server";
import { getApp, type AppContext } from "~/server/context.server";
import type { RouterContextProvider } from "react-router";
import { errorList, type FormReply, refused } from "~/forms/parse.server";
import { serverT } from "~/i18n/translator.server";

/** JSON error answers of the /api routes: `{ success: false, message, errors? }`; a 429 says when to retry. */
export function apiError(
  status: number,
  message: string,
  errors?: { field: string; message: string }[],
  retryAfter?: number,
  extra: Record<string, unknown> = {},
): never {
  throw data({ success: false, message, ...(errors ? { errors } : {}), ...extra }, refused(status, retryAfter));
}

/** Fields a JSON call may send as a list of texts (sizes), as an object (the profile's `details`), or as any JSON (a list of favourites). */
export type PayloadShape = { lists?: string[]; objects?: string[]; json?: string[] };

/**
 * A JSON object's values as text fields: strings as they are, numbers and
 * booleans written out, lists and objects only where the call takes them (as
 * JSON text, which the schema reads). Any other value is the wrong type: 422
 * naming the fields, never text made of it (`street: [1,2]`).
 */
export function textFields(body: Record<string, unknown>, t: TFunction, shape: PayloadShape = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const wrong: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (typeof value === "string") out[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") out[key] = String(value);
    else if (Array.isArray(value) && shape.lists?.includes(key) && value.every((v) => typeof v === "string" || typeof v === "number"))
      out[key] = JSON.stringify(value.map(String));
    else if (!Array.isArray(value) && typeof value === "object" && shape.objects?.includes(key)) out[key] = JSON.stringify(value);
    else if (typeof value === "object" && shape.json?.includes(key)) out[key] = JSON.stringify(value);
    else wrong.push(key);
  }
  if (wrong.length) {
    const message = t("server:api.wrongType");
    apiError(
      422,
      message,
      wrong.map((field) => ({ field, message })),
    );
  }
  return out;
}

/**
 * A JSON or form-encoded body as text fields (see textFields; in a form, a
 * repeated field is a list). Malformed → 400.
 */
export async function readPayload(request: Request, t: TFunction, shape: PayloadShape = {}): Promise<Record<string, string>> {
  const type = request.headers.get("Content-Type") ?? "";
  let body: Record<string, unknown>;
  try {
    if (type.includes("application/json")) {
      const json: unknown = await request.json();
      if (!json || typeof json !== "object" || Array.isArray(json)) apiError(400, t("server:api.expectedObject"));
      body = json as Record<string, unknown>;
    } else {
      const form = await request.formData();
      body = {};
      for (const key of new Set(form.keys())) {
        const all = form.getAll(key).filter((v): v is string => typeof v === "string");
        const bare = key.replace(/\[\]$/, "");
        body[bare] = all.length > 1 || key.endsWith("[]") ? all : (all[0] ?? "");
      }
    }
  } catch (e) {
    if (e instanceof Response || (e && typeof e === "object" && "init" in e)) throw e;
    apiError(400, t("server:api.malformedBody"));
  }
  return textFields(body, t, shape);
}

/** An API call's app, language (its `?lang=`, else the default: the request's door) and translator. */
export function apiContext(context: Readonly<RouterContextProvider>): { app: AppContext; lang: Lang; t: TFunction } {
  const lang = getLang(context);
  return { app: getApp(context), lang, t: serverT(lang) };
}

/**
 * A refused form as the API answers it: 422 with per-field messages (404/429
 * kept), in the request's language.
 */
export function apiFailure(t: TFunction, result: { status: number; reply: FormReply; retryAfter?: number }, extra?: Record<string, unknown>): never {
  const errors = errorList(result.reply.error, (key) => t(key));
  apiError(result.status === 400 ? 422 : result.status, errors[0]?.message ?? t("common:errors.badRequestTitle"), errors, result.retryAfter, extra);
}

/**
 * A list's place in its whole (docs/api.md, "Pagination"), with `has-next-page` ("true" or
 * "false"), the flag the older client's selects read to load more.
 */
export function paginationHeaders(total: number, page: number, perPage: number): Record<string, string> {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  return {
    "X-Pagination-Total-Count": String(total),
    "X-Pagination-Page-Count": String(pageCount),
    "X-Pagination-Current-Page": String(page),
    "X-Pagination-Per-Page": String(perPage),
    ...nextPageHeader(page, pageCount),
  };
}

/** `has-next-page` of a list's page: "true" while a later page has items. */
export const nextPageHeader = (page: number, pageCount: number): Record<string, string> => ({ "has-next-page": String(page < pageCount) });

/**
 * `expand=a,b` of a JSON call: the names asked for (a set of `allowed`), or a localized 400 naming
 * the unknown ones with the allowed list.
 */
export function expandOf<N extends string>(value: string | null, allowed: readonly N[], t: TFunction): Set<N> {
  const names = [
    ...new Set(
      (value ?? "")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((n) => !(allowed as readonly string[]).includes(n));
  if (unknown.length) apiError(400, t("server:api.unknownExpand", { names: unknown.join(", ").slice(0, 100), allowed: allowed.join(", ") }));
  return new Set(names as N[]);
}
