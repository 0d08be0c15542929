import { type FormMetadata, FormProvider, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, type FormProps } from "react-router";
import type { z } from "zod";
import type { FormReply } from "./parse";

type Options<Schema extends z.ZodType<Record<string, unknown>>> = {
  /** The action's reply to the last submission of this form, if any. */
  lastResult?: FormReply | null;
  /** Values the fields start with (what is saved), before anything was typed. */
  defaultValue?: Partial<Record<keyof z.input<Schema> & string, string | string[] | null | undefined>>;
  /** A fixed id, for forms whose id tests or links refer to. */
  id?: string;
};

/**
 * The one way a page holds a form: conform's state, checked in the browser with
 * the same zod schema the action parses with (after a field is left, then as it
 * is typed in), and the server's reply (errors, typed values) without JavaScript.
 */
export function useConformForm<Schema extends z.ZodType<Record<string, unknown>>>(schema: Schema, options: Options<Schema> = {}) {
  // The schema's own types stop at the boundary: fields are read by name.
  // biome-ignore lint/suspicious/noExplicitAny: conform's schema parameter is the form's shape, unknown here
  const [form] = useForm<Record<string, any>>({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  return form;
}

/**
 * A form of `useConformForm`: a router <Form> (POST unless said otherwise)
 * whose rows (FormRow, FieldError, FormError) read their errors and values
 * from it. Buttons with formNoValidate (delete) skip the check.
 */
export function ConformForm({
  form,
  children,
  ...props
}: Omit<FormProps, "id" | "onSubmit" | "noValidate"> & {
  // biome-ignore lint/suspicious/noExplicitAny: see useConformForm
  form: FormMetadata<Record<string, any>>;
}) {
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} {...props}>
        {children}
      </Form>
    </FormProvider>
  );
}
