import { z } from "zod";
import { phone } from "~/auth/index";

export const SHOE_SIZES = ["35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"] as const;
export const CLOTHE_SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL"] as const;

const optionalText = (max: number, error: string) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .optional()
    .transform((v) => v ?? "");

/** A number field (spec §5): digits only, empty allowed. */
const optionalInt = (min: number, max: number, error: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      if (!/^\d{1,4}$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: "custom", message: error });
        return z.NEVER;
      }
      return Number(v);
    });

/** Sizes arrive as repeated fields or as a JSON string (spec §3); unknown values are dropped. */
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

export const personalSchema = z.object({
  firstName: z.string({ error: "errors.nameRequired" }).trim().min(1, { error: "errors.nameRequired" }).max(60, { error: "errors.nameLong" }),
  lastName: optionalText(60, "errors.nameLong"),
  gender: z
    .enum(["0", "1"], { error: "errors.genderInvalid" })
    .optional()
    .transform((v) => (v === undefined ? null : Number(v))),
  shoeSizes: sizeList(SHOE_SIZES),
  clotheSizes: sizeList(CLOTHE_SIZES),
});

const currentYear = new Date().getUTCFullYear();

/** Birthday: day 1–31 and month 1–12 (spec number fields), year optional; all or nothing for day and month. */
export const birthdaySchema = z
  .object({
    birthDay: optionalInt(1, 31, "errors.dayInvalid"),
    birthMonth: optionalInt(1, 12, "errors.monthInvalid"),
    birthYear: optionalInt(1900, currentYear, "errors.yearInvalid"),
  })
  .superRefine((b, ctx) => {
    if ((b.birthDay === null) !== (b.birthMonth === null)) {
      ctx.addIssue({ code: "custom", path: [b.birthDay === null ? "birthDay" : "birthMonth"], message: "errors.birthdayIncomplete" });
      return;
    }
    if (b.birthDay !== null && b.birthMonth !== null) {
      const year = b.birthYear ?? 2000; // a leap year: 29 February is a real birthday
      const date = new Date(Date.UTC(year, b.birthMonth - 1, b.birthDay));
      if (date.getUTCDate() !== b.birthDay) ctx.addIssue({ code: "custom", path: ["birthDay"], message: "errors.dayInvalid" });
    }
  });

export const kidSchema = z.object({
  gender: z.enum(["0", "1"], { error: "errors.genderRequired" }).transform(Number),
  birthday: z
    .string({ error: "errors.kidBirthdayInvalid" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "errors.kidBirthdayInvalid" })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && d.getTime() <= Date.now() && d.getUTCFullYear() >= currentYear - 25;
      },
      { error: "errors.kidBirthdayInvalid" },
    ),
});

export const addressSchema = z.object({
  city: z.string({ error: "errors.cityRequired" }).trim().min(1, { error: "errors.cityRequired" }).max(80, { error: "errors.tooLong" }),
  street: z.string({ error: "errors.streetRequired" }).trim().min(1, { error: "errors.streetRequired" }).max(120, { error: "errors.tooLong" }),
  house: z.string({ error: "errors.houseRequired" }).trim().min(1, { error: "errors.houseRequired" }).max(20, { error: "errors.tooLong" }),
  apartment: optionalText(20, "errors.tooLong"),
  comment: optionalText(300, "errors.tooLong"),
});

export const idSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const phoneChangeSchema = z.object({ phone });
export const smsCodeSchema = z.object({
  sms: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: "errors.codeFormat" }),
});
