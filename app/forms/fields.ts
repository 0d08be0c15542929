import "~/forms/zod-config";
import { z } from "zod";
import { plainText, UNSAFE_TEXT } from "./text";

/** A database id in a form field: a positive integer D1 can hold, else `error`. */
export const positiveId = (error: string) => z.coerce.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });

/** A text field that may stay empty (then ""), at most `max` characters, plain text (a line break only where `multiline`). */
export const optionalText = (max: number, error: string, multiline = false) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .refine(plainText(multiline), { error: UNSAFE_TEXT })
    .optional()
    .transform((v) => v ?? "");

/**
 * Where a form without JavaScript comes back to: a path the route checks
 * (`safeReturnUrl`). Listings' URLs with many filters or a long Cyrillic query
 * run long: an overlong one is dropped (the route's default), never a refusal.
 */
export const returnPath = z.string().max(4096).optional().catch(undefined);
