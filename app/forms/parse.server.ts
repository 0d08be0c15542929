import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";

export type { FormReply } from "./parse";

/**
 * The submitted form, for `parseForm`. A malformed body is the client's
 * fault: 400, never an exception that becomes a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  // Oversized bodies never get here (the entry answers 413, and bounds bodies without a length).
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
}

/**
 * The one way a form is parsed: conform's zod integration, on the server as the
 * authority and in the browser (useForm) for early feedback. Error messages are
 * translation keys with their namespace ("auth:errors.emailInvalid").
 *
 * Auto-coercion is off: the schemas coerce what they need themselves, and an empty
 * field stays "" (the schemas' own messages for empty fields apply), so a schema
 * means the same on both sides and for the JSON endpoints.
 */
export function parseForm<Schema extends z.ZodType>(form: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}

/** A JSON endpoint's payload (text fields) as form data, so it parses with the same schema. */
export function payloadForm(payload: Record<string, string>): URLSearchParams {
  return new URLSearchParams(Object.entries(payload));
}

/** A refused submission's field errors as the JSON endpoints list them: the first message of each field, translated. */
export function errorList(error: Record<string, string[] | null> | null | undefined, t: (key: string) => string): { field: string; message: string }[] {
  return Object.entries(error ?? {})
    .filter((e): e is [string, string[]] => Array.isArray(e[1]) && e[1].length > 0)
    .map(([field, messages]) => ({ field: field || "form", message: t(messages[0]!) }));
}

/** The status (and, for a 429, the Retry-After) of a refused form's answer, with any other headers it carries. */
export function refused(status: number, retryAfter?: number, headers: Record<string, string> = {}): ResponseInit {
  return { status, headers: retryAfter ? { ...headers, "Retry-After": String(retryAfter) } : headers };
}

/** The first refused field and its message key ("" is the form itself, named "form"), for answers that carry one error. */
export function firstError(error: Record<string, string[] | null> | null | undefined): { field: string; message: string } {
  return errorList(error, (key) => key)[0] ?? { field: "form", message: "common:errors.badRequestTitle" };
}
