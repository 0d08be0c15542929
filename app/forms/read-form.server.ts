import { data } from "react-router";

/** Larger bodies than any of our forms sends are refused before parsing. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The submitted form's text fields (the first value of each; `lists` name the
 * repeated ones). A malformed or oversized body is the
 * client's fault: 400/413, never an exception that becomes a 500.
 */
export async function readForm(request: Request, lists: string[] = []): Promise<Record<string, string>> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_FORM_BYTES) throw data(null, { status: 413 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(null, { status: 400 });
  }
  const out: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in out)) out[key] = value;
  // Repeated fields (checkbox groups) arrive as one JSON array string.
  for (const key of lists) out[key] = JSON.stringify(form.getAll(key).filter((v) => typeof v === "string"));
  return out;
}
