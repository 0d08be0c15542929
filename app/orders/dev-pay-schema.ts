import { z } from "zod";

/** What the shopper does on the local stand-in of Click's page (/dev/pay/click). */
export const DEV_PAY_OUTCOMES = ["pay", "pay-twice", "decline", "bad-signature", "cancel"] as const;
export const devPaySchema = z.object({
  outcome: z.enum(DEV_PAY_OUTCOMES),
  transaction_param: z.string().regex(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/),
  amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  return_url: z.string().max(500).optional(),
});
