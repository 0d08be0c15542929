import type { TFunction } from "i18next";
import type { Lang } from "~/i18n/languages";
import { fieldErrors, signupSchema, type FieldErrors } from "~/auth/index";
import { sendEmailConfirmation } from "~/auth/index.server";
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
  savePersonal,
} from "./account.server";
import { addressSchema, birthdaySchema, idSchema, kidSchema, personalSchema, phoneChangeSchema, smsCodeSchema } from "./schema";

export type Section = "personal" | "kids" | "addresses" | "phone" | "email";

export type ActionResult =
  | { ok: true; section: Section; notice: string; query?: Record<string, string> }
  | { ok: false; status: number; section: Section; errors: FieldErrors; values: Record<string, string>; itemId?: number; query?: Record<string, string> };

type Ctx = { env: Env; request: Request; userId: number; t: TFunction; origin: string; lang: Lang; defaultLang: Lang };

const invalid = (section: Section, errors: FieldErrors, values: Record<string, string>, itemId?: number, status = 400): ActionResult => ({
  ok: false,
  status,
  section,
  errors,
  values,
  itemId,
});

/**
 * One action for the account page; `intent` names the form (Hydrogen-style).
 * The page and the JSON endpoints both call this, so the rules are one.
 */
export async function runAccountAction(form: Record<string, string>, c: Ctx): Promise<ActionResult> {
  const db = c.env.DB;
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.slice(0, 300)]));
  const id = idSchema.safeParse(form.id);
  switch (form.intent) {
    case "save-details": {
      // Spec: save only when personal data and birthday both validate; show both sets of errors.
      const personal = personalSchema.safeParse({ ...form, shoeSizes: form.shoeSizes, clotheSizes: form.clotheSizes });
      const birthday = birthdaySchema.safeParse(form);
      if (!personal.success || !birthday.success) {
        return invalid(
          "personal",
          { ...(personal.success ? {} : fieldErrors(personal.error)), ...(birthday.success ? {} : fieldErrors(birthday.error)) },
          values,
        );
      }
      await savePersonal(db, c.userId, { ...personal.data, ...birthday.data });
      return { ok: true, section: "personal", notice: "saved" };
    }
    case "kid-add":
    case "kid-save": {
      const kid = kidSchema.safeParse(form);
      if (form.intent === "kid-save" && !id.success) return invalid("kids", { form: "errors.notFound" }, values, undefined, 404);
      if (!kid.success) return invalid("kids", fieldErrors(kid.error), values, id.data);
      if (form.intent === "kid-add") {
        if (!(await addKid(db, c.userId, kid.data))) return invalid("kids", { form: "errors.tooMany" }, values);
      } else if (!(await updateKid(db, c.userId, id.data!, kid.data))) {
        return invalid("kids", { form: "errors.notFound" }, values, id.data, 404);
      }
      return { ok: true, section: "kids", notice: "saved" };
    }
    case "kid-delete": {
      if (!id.success || !(await deleteKid(db, c.userId, id.data))) return invalid("kids", { form: "errors.notFound" }, values, undefined, 404);
      return { ok: true, section: "kids", notice: "deleted" };
    }
    case "address-add":
    case "address-save": {
      const address = addressSchema.safeParse(form);
      if (form.intent === "address-save" && !id.success) return invalid("addresses", { form: "errors.notFound" }, values, undefined, 404);
      if (!address.success) return invalid("addresses", fieldErrors(address.error), values, id.data);
      if (form.intent === "address-add") {
        if (!(await addAddress(db, c.userId, address.data))) return invalid("addresses", { form: "errors.tooMany" }, values);
      } else if (!(await updateAddress(db, c.userId, id.data!, address.data))) {
        return invalid("addresses", { form: "errors.notFound" }, values, id.data, 404);
      }
      return { ok: true, section: "addresses", notice: "saved" };
    }
    case "address-delete":
    case "address-main": {
      const done = id.success && (form.intent === "address-delete" ? await deleteAddress(db, c.userId, id.data) : await setMainAddress(db, c.userId, id.data));
      if (!done) return invalid("addresses", { form: "errors.notFound" }, values, undefined, 404);
      return { ok: true, section: "addresses", notice: form.intent === "address-delete" ? "deleted" : "saved" };
    }
    case "phone-start": {
      const parsed = phoneChangeSchema.safeParse(form);
      if (!parsed.success) return invalid("phone", fieldErrors(parsed.error), values);
      const result = await startPhoneChange(c.env, c.request, c.userId, parsed.data.phone, c.t);
      if (result === "taken") return invalid("phone", { phone: "errors.phoneTaken" }, values);
      if (result === "limited") return invalid("phone", { phone: "errors.tooManyCodes" }, values, undefined, 429);
      return { ok: true, section: "phone", notice: "codeSent", query: { phone: parsed.data.phone } };
    }
    case "phone-verify": {
      const phone = phoneChangeSchema.safeParse(form);
      if (!phone.success) return invalid("phone", fieldErrors(phone.error), values);
      const query = { phone: phone.data.phone };
      const sms = smsCodeSchema.safeParse(form);
      if (!sms.success) return { ...invalid("phone", fieldErrors(sms.error), values), query } as ActionResult;
      const result = await verifyPhoneChange(c.env, c.request, c.userId, phone.data.phone, sms.data.sms);
      if (result !== "ok") {
        const error = result === "taken" ? "errors.phoneTaken" : result === "limited" ? "errors.tooManyAttempts" : `errors.code_${result}`;
        return { ...invalid("phone", { sms: error }, values, undefined, result === "limited" ? 429 : 400), query } as ActionResult;
      }
      return { ok: true, section: "phone", notice: "phoneChanged" };
    }
    case "email-change": {
      const parsed = signupSchema.pick({ email: true }).safeParse(form);
      if (!parsed.success) return invalid("email", fieldErrors(parsed.error), values);
      const result = await startEmailChange(c.env, c.userId, parsed.data.email, c);
      if (result === "taken") return invalid("email", { email: "errors.emailTaken" }, values);
      if (result === "same") return invalid("email", { email: "errors.emailSame" }, values);
      if (result === "limited") return invalid("email", { email: "errors.tooManyAttempts" }, values, undefined, 429);
      return { ok: true, section: "email", notice: "emailSent" };
    }
    case "resend-confirm": {
      const row = await db
        .prepare("SELECT email, email_confirmed_at FROM users WHERE id = ?")
        .bind(c.userId)
        .first<{ email: string | null; email_confirmed_at: number | null }>();
      if (row?.email && !row.email_confirmed_at && !(await sendEmailConfirmation(c.env, c.userId, row.email, c))) {
        return invalid("email", { form: "errors.tooManyAttempts" }, values, undefined, 429);
      }
      return { ok: true, section: "email", notice: "confirmResent" };
    }
    default:
      return invalid("personal", { form: "errors.unknownAction" }, values);
  }
}
