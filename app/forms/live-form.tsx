import { createContext, use, useState } from "react";
import { Form, type FormProps } from "react-router";
import type { z } from "zod";

type Errors = Record<string, string | undefined>;
const LiveErrors = createContext<{ errors: Errors; touched: Set<string> } | null>(null);

/** The client-side error of a field once the shopper has been in it (spec §5), else undefined. */
export function useLiveError(name: string): { touched: boolean; error: string | undefined } | null {
  const live = use(LiveErrors);
  if (!live || !live.touched.has(name)) return null;
  return { touched: true, error: live.errors[name] };
}

function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}

function errorsOf(schema: z.ZodType, form: HTMLFormElement): Errors {
  const result = schema.safeParse(fieldsOf(form));
  const errors: Errors = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * A form that, with JavaScript, checks fields with the same zod schema the
 * server uses, as the shopper types (after leaving a field once), and keeps
 * an invalid form from being sent. Without JavaScript it is a plain form and
 * the server's answer shows the same messages.
 */
export function LiveForm({ schema, children, onSubmit, ...props }: FormProps & { schema: z.ZodType }) {
  const [state, setState] = useState<{ errors: Errors; touched: Set<string> }>({ errors: {}, touched: new Set() });
  const check = (form: HTMLFormElement, touch?: string, all = false) => {
    const touched = new Set(state.touched);
    if (touch) touched.add(touch);
    if (all) for (const el of Array.from(form.elements)) if ((el as HTMLInputElement).name) touched.add((el as HTMLInputElement).name);
    const errors = errorsOf(schema, form);
    setState({ errors, touched });
    return errors;
  };
  return (
    <LiveErrors value={state}>
      <Form
        {...props}
        onBlur={(e) => {
          const name = (e.target as unknown as HTMLInputElement).name;
          if (name) check(e.currentTarget, name);
        }}
        onInput={(e) => {
          const name = (e.target as unknown as HTMLInputElement).name;
          if (name && state.touched.has(name)) check(e.currentTarget);
        }}
        onSubmit={(e) => {
          // Buttons like "delete" (formNoValidate) do not need valid fields.
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.formNoValidate) return onSubmit?.(e);
          const errors = check(e.currentTarget, undefined, true);
          if (Object.values(errors).some(Boolean)) e.preventDefault();
          else onSubmit?.(e);
        }}
      >
        {children}
      </Form>
    </LiveErrors>
  );
}
