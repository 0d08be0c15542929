import { Form, useSubmit } from "react-router";
import type { FormReply } from "~/forms/parse";
import { useI18n } from "~/i18n/use-i18n";
import type { CartActionResult, CartIntent } from "./intents.server";

export type Failure = Omit<Extract<CartActionResult, { ok: false }>, "status">;

/** The line a refused line form was about (what it sent). */
export const failedSku = (f: Failure) => String(f.reply.initialValue?.purchasableId ?? "");

/**
 * One cart form. It posts to the cart action, which answers 303 back to the
 * cart (with JavaScript React Router follows it and reloads the page's data;
 * without, the browser does); a refusal renders the page again with the
 * error, shown by the form whose `intents` (and `match`) it names.
 */
export function CartForm({
  intents,
  failure,
  match,
  className,
  testId,
  children,
  onSubmit,
}: {
  intents: CartIntent[];
  failure: Failure | null;
  match?: (f: Failure) => boolean;
  className?: string;
  testId?: string;
  children: (f: { error: Failure | null; submit: (form: HTMLFormElement | null) => void }) => React.ReactNode;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const { href } = useI18n();
  const submitForm = useSubmit();
  const error = failure?.intent && intents.includes(failure.intent) && (!match || match(failure)) ? failure : null;
  // Selects apply on change with JavaScript (the Apply buttons stay for everyone).
  const submit = (form: HTMLFormElement | null) => form && submitForm(form, { replace: true, preventScrollReset: true });
  return (
    <Form method="post" action={href("/cart")} replace preventScrollReset className={className} data-testid={testId} onSubmit={onSubmit}>
      {children({ error, submit })}
    </Form>
  );
}

/** A refused cart form's message under it. */
export function CartError({ error, testId }: { error: Failure | null; testId: string }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <p className="field-error" role="alert" data-testid={testId}>
      {t(error.error, error.popup?.vars)}
    </p>
  );
}

function FieldRow({
  name,
  label,
  intent,
  button,
  testId,
  input,
  reply,
  initial,
}: {
  name: string;
  label: string;
  intent: CartIntent;
  button: string;
  testId: string;
  input: React.InputHTMLAttributes<HTMLInputElement>;
  reply: FormReply | null;
  initial?: string;
}) {
  const { t } = useI18n();
  const error = reply?.error?.[name]?.[0];
  const typed = reply?.initialValue?.[name];
  const id = `cart-${name}`;
  const errorId = `${id}-error`;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="promo__row">
        <input
          {...input}
          key={reply ? "failed" : "fresh"}
          id={id}
          name={name}
          defaultValue={typeof typed === "string" ? typed : initial}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={`${testId}-input`}
        />
        <button type="submit" name="intent" value={intent} className="button" data-testid={`${testId}-apply`}>
          {button}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert" data-testid={`${testId}-error`}>
          {t(error)}
        </p>
      ) : null}
    </>
  );
}

/**
 * A one-field cart form (promo code, bonuses). The cart action parses it with
 * its schema through conform; the form shows that reply (the error, what was
 * typed) itself. No checks in the browser here: conform's client and zod would
 * add 9–35 KB to the cart page for two fields a round trip decides anyway.
 */
export function OneFieldForm({
  failure,
  className,
  formTestId,
  children,
  ...row
}: {
  failure: Failure | null;
  className: string;
  formTestId?: string;
  children?: React.ReactNode;
} & Omit<React.ComponentProps<typeof FieldRow>, "reply">) {
  const { href } = useI18n();
  return (
    <Form method="post" action={href("/cart")} replace preventScrollReset className={className} data-testid={formTestId}>
      {children}
      <FieldRow {...row} reply={failure?.intent === row.intent ? failure.reply : null} />
    </Form>
  );
}
