import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import type { Lang } from "~/i18n/languages";
import { sendEmailConfirmation } from "~/auth/index.server";
import { type FormReply, parseForm, payloadForm } from "~/forms/parse.server";
import type { AppContext } from "~/server/context.server";
import { savePersonal } from "~/users/index.server";
import {
  addAddress,
  addKid,
  deleteAddress,
  deleteKid,
  setMainAddress,
  startEmailChange,
  startPhoneChange,
  updateAddress,
  updateKid,
  verifyPhoneChange,
} from "./account.server";
import { addressSchema, detailsSchema, emailChangeSchema, idSchema, kidSchema, phoneChangeSchema, phoneVerifySchema } from "./schema";
import type { Section } from "./section";

/**
 * A refused form names its section (where a form-level error shows) and the
 * form (`form`: the intent, or "kid-12", "address-new" for list items), so only
 * that form shows the reply's errors and typed values.
 */
export type ActionResult =
  | { ok: true; section: Section; notice: string; query?: Record<string, string> /** The id of what an add made. */; created?: number }
  | { ok: false; status: number; section: Section; form: string; reply: FormReply; retryAfter?: number };

type Ctx = { env: Env; request: Request; userId: number; t: TFunction; origin: string; lang: Lang; defaultLang: Lang };
type Submission = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => FormReply };

/** For refusals no field rule decides (a foreign id, a full list): the form's reply with only that error. */
const NO_RULES = z.object({});

/**
 * One action for the account page; `intent` names the form (Hydrogen-style).
 * The page and the JSON endpoints both call this, so the rules are one.
 */
export async function runAccountAction(form: FormData | URLSearchParams, c: Ctx): Promise<ActionResult> {
  const db = c.env.DB;
  const intent = String(form.get("intent") ?? "");
  const rawId = String(form.get("id") ?? "");
  const id = idSchema.safeParse(rawId);
  const item = (list: "kid" | "address") => (intent.endsWith("-add") ? `${list}-new` : `${list}-${rawId}`);
  const refuse = (
    section: Section,
    formKey: string,
    submission: Submission,
    status = 400,
    errors?: Parameters<Submission["reply"]>[0],
    retryAfter?: number,
  ): ActionResult => ({
    ok: false,
    status,
    section,
    form: formKey,
    ...(retryAfter ? { retryAfter } : {}),
    // An SMS code that failed is not typed in again (as with passwords, nothing secret comes back).
    reply: submission.reply({ ...errors, hideFields: ["sms"] }),
  });
  const refuseOnly = (section: Section, formKey: string, status: number, error: string, retryAfter?: number) =>
    refuse(section, formKey, parseForm(form, NO_RULES), status, { formErrors: [error] }, retryAfter);

  switch (intent) {
    case "save-details": {
      const submission = parseForm(form, detailsSchema);
      if (submission.status !== "success") return refuse("personal", intent, submission);
      await savePersonal(db, c.userId, submission.value);
      return { ok: true, section: "personal", notice: "saved" };
    }
    case "kid-add":
    case "kid-save": {
      if (intent === "kid-save" && !id.success) return refuseOnly("kids", item("kid"), 404, "account:errors.notFound");
      const submission = parseForm(form, kidSchema);
      if (submission.status !== "success") return refuse("kids", item("kid"), submission);
      if (intent === "kid-add") {
        const created = await addKid(db, c.userId, submission.value);
        if (!created) return refuse("kids", item("kid"), submission, 400, { formErrors: ["account:errors.tooMany"] });
        return { ok: true, section: "kids", notice: "saved", created };
      } else if (!(await updateKid(db, c.userId, id.data!, submission.value))) {
        return refuse("kids", item("kid"), submission, 404, { formErrors: ["account:errors.notFound"] });
      }
      return { ok: true, section: "kids", notice: "saved" };
    }
    case "kid-delete": {
      if (!id.success || !(await deleteKid(db, c.userId, id.data))) return refuseOnly("kids", item("kid"), 404, "account:errors.notFound");
      return { ok: true, section: "kids", notice: "deleted" };
    }
    case "address-add":
    case "address-save": {
      if (intent === "address-save" && !id.success) return refuseOnly("addresses", item("address"), 404, "account:errors.notFound");
      const submission = parseForm(form, addressSchema);
      if (submission.status !== "success") return refuse("addresses", item("address"), submission);
      if (intent === "address-add") {
        const created = await addAddress(db, c.userId, submission.value);
        if (!created) return refuse("addresses", item("address"), submission, 400, { formErrors: ["account:errors.tooMany"] });
        return { ok: true, section: "addresses", notice: "saved", created };
      } else if (!(await updateAddress(db, c.userId, id.data!, submission.value))) {
        return refuse("addresses", item("address"), submission, 404, { formErrors: ["account:errors.notFound"] });
      }
      return { ok: true, section: "addresses", notice: "saved" };
    }
    case "address-delete":
    case "address-main": {
      const done = id.success && (intent === "address-delete" ? await deleteAddress(db, c.userId, id.data) : await setMainAddress(db, c.userId, id.data));
      if (!done) return refuseOnly("addresses", item("address"), 404, "account:errors.notFound");
      return { ok: true, section: "addresses", notice: intent === "address-delete" ? "deleted" : "saved" };
    }
    case "phone-start": {
      const submission = parseForm(form, phoneChangeSchema);
      if (submission.status !== "success") return refuse("phone", intent, submission);
      const result = await startPhoneChange(c.env, c.request, c.userId, submission.value.phone, c.t);
      if (result === "taken") return refuse("phone", intent, submission, 400, { fieldErrors: { phone: ["account:errors.phoneTaken"] } });
      if (typeof result === "object")
        return refuse("phone", intent, submission, 429, { fieldErrors: { phone: ["auth:errors.tooManyCodes"] } }, result.retryAfter);
      return { ok: true, section: "phone", notice: "codeSent", query: { phone: submission.value.phone } };
    }
    case "phone-verify": {
      const submission = parseForm(form, phoneVerifySchema);
      if (submission.status !== "success") return refuse("phone", intent, submission);
      const result = await verifyPhoneChange(c.env, c.request, c.userId, submission.value.phone, submission.value.sms);
      if (typeof result === "object")
        return refuse("phone", intent, submission, 429, { fieldErrors: { sms: ["auth:errors.tooManyAttempts"] } }, result.retryAfter);
      if (result !== "ok") {
        const error = result === "taken" ? "account:errors.phoneTaken" : `auth:errors.code_${result}`;
        return refuse("phone", intent, submission, 400, { fieldErrors: { sms: [error] } });
      }
      return { ok: true, section: "phone", notice: "phoneChanged" };
    }
    case "email-change": {
      const submission = parseForm(form, emailChangeSchema);
      if (submission.status !== "success") return refuse("email", intent, submission);
      const result = await startEmailChange(c.env, c.userId, submission.value.email, c);
      if (result === "taken") return refuse("email", intent, submission, 400, { fieldErrors: { email: ["auth:errors.emailTaken"] } });
      if (result === "same") return refuse("email", intent, submission, 400, { fieldErrors: { email: ["account:errors.emailSame"] } });
      if (typeof result === "object")
        return refuse("email", intent, submission, 429, { fieldErrors: { email: ["auth:errors.tooManyAttempts"] } }, result.retryAfter);
      return { ok: true, section: "email", notice: "emailSent" };
    }
    case "resend-confirm": {
      const row = await db
        .prepare("SELECT email, email_confirmed_at FROM users WHERE id = ?")
        .bind(c.userId)
        .first<{ email: string | null; email_confirmed_at: number | null }>();
      const sent = row?.email && !row.email_confirmed_at ? await sendEmailConfirmation(c.env, c.userId, row.email, c) : "sent";
      if (typeof sent === "object") return refuseOnly("email", intent, 429, "auth:errors.tooManyAttempts", sent.retryAfter);
      return { ok: true, section: "email", notice: "confirmResent" };
    }
    default:
      return refuseOnly("personal", "unknown", 400, "account:errors.unknownAction");
  }
}

/** The account action for a JSON call: its payload's text fields and the request's app, shopper and language. */
export function runAccountApi(
  api: { app: AppContext; request: Request; userId: number; lang: Lang; t: TFunction },
  fields: Record<string, string>,
): Promise<ActionResult> {
  const { app, request, userId, lang, t } = api;
  return runAccountAction(payloadForm(fields), { env: app.env, request, userId, t, origin: app.origin, lang, defaultLang: app.defaultLang });
}
