import { type FormMetadata, FormProvider, getFormProps, useForm } from "@conform-to/react";
import { Form, type FormProps } from "react-router";
import type { FormReply } from "./parse";

// The form's shape is unknown here: rows read their fields by name.
// biome-ignore lint/suspicious/noExplicitAny: conform's schema parameter is the form's shape
export type AnyForm = FormMetadata<Record<string, any>>;

export type ReplyFormOptions = {
  /** The action's reply to the last submission of this form, if any. */
  lastResult?: FormReply | null;
  /** Values the fields start with (what is saved), before anything was typed. */
  defaultValue?: Record<string, string | string[] | null | undefined>;
  /** A fixed id, for forms whose id tests or links refer to. */
  id?: string;
  // biome-ignore lint/suspicious/noExplicitAny: see AnyForm
  onValidate?: Parameters<typeof useForm<Record<string, any>>>[0]["onValidate"];
};

/**
 * A form whose server reply (errors, typed values) shows in its rows, checked
 * only by the action. Pages that check as the shopper types use
 * `useConformForm` (forms/use-conform-form.ts), which adds the schema; this
 * one keeps zod (about 30 KB) out of pages that do not need it, like the cart.
 */
export function useReplyForm(options: ReplyFormOptions = {}): AnyForm {
  // biome-ignore lint/suspicious/noExplicitAny: see AnyForm
  const [form] = useForm<Record<string, any>>({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: options.defaultValue,
    // Without a check of its own, a field's blur would ask the action (a round trip, and a 4xx
    // for a form half filled in): the action checks the form when it is sent.
    shouldValidate: options.onValidate ? "onBlur" : "onSubmit",
    shouldRevalidate: options.onValidate ? "onInput" : "onSubmit",
    onValidate: options.onValidate,
  });
  return form;
}

/**
 * A form of `useConformForm`/`useReplyForm`: a router <Form> (POST unless said
 * otherwise) whose rows (FormRow, FieldError, FormError) read their errors and
 * values from it. Buttons with formNoValidate (delete) skip the check.
 */
export function ConformForm({ form, children, ...props }: Omit<FormProps, "id" | "onSubmit" | "noValidate"> & { form: AnyForm }) {
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} {...props}>
        {children}
      </Form>
    </FormProvider>
  );
}
