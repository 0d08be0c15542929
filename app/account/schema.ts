import { z } from "zod";
import { email, firstName, phone, smsCode } from "~/auth/index";
import { optionalText } from "~/forms/fields";
import { plainText, UNSAFE_TEXT } from "~/forms/text";

export const SHOE_SIZES = ["35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"] as const;
export const CLOTHE_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"] as const;

/** The personal details' list fields (JSON calls send them as arrays). */
export const SIZE_FIELDS = ["shoeSizes", "clotheSizes"];

/** A one-line field that must be filled. */
const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: "account:errors.tooLong" }).refine(plainText(), { error: UNSAFE_TEXT });

/** A number field: digits only, empty allowed. `max` may be read at parse time (this year). */
const optionalInt = (min: number, max: number | (() => number), error: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!/^\d{1,4}$/.test(v) || Number(v) < min || Number(v) > (typeof max === "number" ? max : max())) {
        ctx.addIssue({ code: "custom", message: error });
        return z.NEVER;
      }
      return Number(v);
    });

/** Sizes arrive as repeated fields or as a JSON string; unknown values are dropped. */
function sizeList(allowed: readonly string[]) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      let list: unknown = v ?? [];
      if (typeof list === "string") {
        try {
          list = list.startsWith("[") ? JSON.parse(list) : [list];
        } catch {
          list = [];
        }
      }
      return Array.isArray(list) ? [...new Set(list.map(String).filter((s) => allowed.includes(s)))] : [];
    });
}

const BIRTHDAY = ["birthDay", "birthMonth", "birthYear"];

/** Not at module scope: the Worker's clock reads 1970 there. */
const thisYear = () => new Date().getUTCFullYear();

/**
 * The personal details form: saved only when the details and the birthday both
 * validate, with both sets of errors shown (spec). Birthday: day 1–31 and
 * month 1–12, year optional; day and month together or neither.
 */
export const detailsSchema = z
  .object({
    firstName,
    lastName: optionalText(60, "auth:errors.nameLong"),
    gender: z
      .enum(["0", "1"], { error: "account:errors.genderInvalid" })
      .optional()
      .transform((v) => (v === undefined ? null : Number(v))),
    shoeSizes: sizeList(SHOE_SIZES),
    clotheSizes: sizeList(CLOTHE_SIZES),
    birthDay: optionalInt(1, 31, "account:errors.dayInvalid"),
    birthMonth: optionalInt(1, 12, "account:errors.monthInvalid"),
    birthYear: optionalInt(1900, thisYear, "account:errors.yearInvalid"),
  })
  .superRefine(
    (b, ctx) => {
      if ((b.birthDay === null) !== (b.birthMonth === null)) {
        ctx.addIssue({ code: "custom", path: [b.birthDay === null ? "birthDay" : "birthMonth"], message: "account:errors.birthdayIncomplete" });
        return;
      }
      if (b.birthDay !== null && b.birthMonth !== null) {
        const year = b.birthYear ?? 2000; // a leap year: 29 February is a real birthday
        const date = new Date(Date.UTC(year, b.birthMonth - 1, b.birthDay));
        if (date.getUTCDate() !== b.birthDay) ctx.addIssue({ code: "custom", path: ["birthDay"], message: "account:errors.dayInvalid" });
      }
      // Also when other fields failed (both sets of errors show), but only on a birthday whose parts parsed.
    },
    { when: (payload) => !payload.issues.some((issue) => BIRTHDAY.includes(String(issue.path?.[0]))) },
  );

export const kidSchema = z.object({
  gender: z.enum(["0", "1"], { error: "account:errors.genderRequired" }).transform(Number),
  birthday: z
    .string({ error: "account:errors.kidBirthdayInvalid" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "account:errors.kidBirthdayInvalid" })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getTime() <= Date.now() && d.getUTCFullYear() >= thisYear() - 25;
      },
      { error: "account:errors.kidBirthdayInvalid" },
    ),
});

export const addressSchema = z.object({
  city: requiredText(80, "account:errors.cityRequired"),
  street: requiredText(120, "account:errors.streetRequired"),
  house: requiredText(20, "account:errors.houseRequired"),
  apartment: optionalText(20, "account:errors.tooLong"),
  comment: optionalText(300, "account:errors.tooLong", true),
});

export const idSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const phoneChangeSchema = z.object({ phone });
/**
 * The JSON phone change as the older client sends it: the captcha's token beside the phone
 * (`tokenType` its version, v3 or v2; `operationType` always `accountDetailsChangePhone`).
 */
export const phoneChangeApiSchema = phoneChangeSchema.extend({
  token: z.string().trim().max(4096).optional(),
  tokenType: z.enum(["v3", "v2", "invisible", "interactive"], { error: "account:api.tokenError" }).optional(),
  operationType: z.literal("accountDetailsChangePhone", { error: "account:api.otherOperation" }).optional(),
});
export const phoneVerifySchema = z.object({ phone, sms: smsCode });
export const emailChangeSchema = z.object({ email });
