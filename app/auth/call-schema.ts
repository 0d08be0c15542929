import "~/forms/zod-config";
import { z } from "zod";
import { phone, returnUrl } from "./schema";

// A module of its own: only the SMS login page's chunk carries these, not every page that shares the sign-in schemas.

/** The last four digits of the number a flash call came from. */
export const callCode = z
  .string({ error: "auth:errors.callCodeFormat" })
  .trim()
  .regex(/^\d{4}$/, { error: "auth:errors.callCodeFormat" });

/** "Call me instead": a flash call to the phone (the page names the step, the JSON calls do not). */
export const callSendSchema = z.object({ intent: z.literal("call").optional(), phone, returnUrl });

/** The call's code: the calling number's last four digits. */
export const callVerifySchema = z.object({ phone, code: callCode, returnUrl });
