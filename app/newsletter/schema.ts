import "~/forms/zod-config";
import { z } from "zod";
import { email } from "~/auth/index";

/**
 * The footer's and the subscribe page's form, and POST /subscribe as JSON: an e-mail and the
 * consent to receive the newsletter (a checkbox sends "on"; a JSON client `true`).
 */
export const subscribeSchema = z.object({
  email,
  consent: z.enum(["on", "true", "1"], { error: "newsletter:errors.consent" }),
});

/** The random key of a confirmation or unsubscribe link (24 random bytes, base64url). */
export const newsletterLinkSchema = z.object({
  token: z.string({ error: "newsletter:errors.linkInvalid" }).regex(/^[A-Za-z0-9_-]{32}$/, { error: "newsletter:errors.linkInvalid" }),
});
