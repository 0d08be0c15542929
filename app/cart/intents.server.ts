import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import type { FormReply } from "~/forms/parse.server";
import type { Lang } from "~/i18n/languages";
import type { CartView, SkuProduct } from "./cart.server";
import type { Shopper } from "~/server/request.server";
import type { CartPopupData } from "./popup";

// What every cart intent's handler is given and answers: the line intents
// (line-actions.server.ts) and the cart's settings (setting-actions.server.ts)
// share it, and actions.server.ts runs them.

export const CART_INTENTS = [
  "add",
  "increment",
  "decrement",
  "delete",
  "change-size",
  "move-to-favourites",
  "promo-apply",
  "promo-remove",
  "bonuses-apply",
  "bonuses-remove",
  "delivery",
] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export type CartActionResult =
  | { ok: true; intent: CartIntent; notice: string; popup?: CartPopupData; product?: SkuProduct; view?: CartView }
  | {
      ok: false;
      intent: CartIntent | null;
      status: number;
      /** Machine code (is_out_of_stock …) and the message key. */
      code: string;
      error: string;
      field?: string;
      reply: FormReply;
      popup?: CartPopupData;
      /** Seconds until a rate limit lets the shopper try again (429 only). */
      retryAfter?: number;
    };

/** `fromForm`: the shop's own forms sent it (the cart route's action: as a page, or as the enhanced form's request), not the JSON API. */
export type CartActionContext = {
  /** The request's context: its cart id is looked up once, and set by an add that makes the cart. */
  context: Readonly<RouterContextProvider>;
  env: Env;
  request: Request;
  lang: Lang;
  now?: number;
  fromForm?: boolean;
};

export type Fail = Extract<CartActionResult, { ok: false }>;

/** For refusals no schema decides (an unknown intent): the reply carries only the error and what was sent. */
export const NO_RULES = z.object({});

/** What a handler is given: the request, its refusal (with the form's reply) and the request's cart, resolved once. */
export type Step = {
  c: CartActionContext;
  db: D1Database;
  intent: CartIntent;
  /** A refusal with its code, message key and field; the reply keeps what was typed. */
  fail: (status: number, code: string, error: string, field?: string, extra?: Partial<Fail>) => Fail;
  /** The request's cart id (null: none yet) and its shopper. */
  cart: () => Promise<{ cartId: number | null; shopper: Shopper }>;
};

/**
 * One intent: its schema, what a form the schema refused answers, and what it does with the
 * parsed value. `run` is given the request's resolved cart through `Step`.
 */
export type Handler<S extends z.ZodType> = {
  schema: S;
  invalid: (issue: { field: string; message: string }, s: Step) => Fail | Promise<Fail>;
  run: (value: z.output<S>, s: Step) => Promise<CartActionResult>;
};
export const handler = <S extends z.ZodType>(h: Handler<S>): Handler<z.ZodType> => h as unknown as Handler<z.ZodType>;
