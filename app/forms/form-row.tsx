import { useField } from "@conform-to/react";
import { useI18n } from "~/i18n/use-i18n";
import { keepDigits } from "./digits";

/** A field's first error, translated (messages are namespaced keys). */
export function FieldError({ name }: { name: string }) {
  const { t } = useI18n();
  const [field] = useField<string>(name);
  const error = field.errors?.[0];
  if (!error) return null;
  return (
    <p className="row__error" id={field.errorId} role="alert">
      {t(error)}
    </p>
  );
}

/** Fields whose label floats (spec "form rows"); a box or a date keeps its label beside or above. */
const FLOATING = new Set(["text", "email", "tel", "password", "search", "url", "number"]);

/**
 * The floating label's one enhancement (app.css does the rest, with or without JavaScript): a
 * field left with only spaces is emptied, so its label comes back down (CSS cannot trim). Not a
 * password: its spaces are the shopper's.
 */
export function emptyBlank(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (field.type !== "password" && field.value && !field.value.trim()) field.value = "";
}

/**
 * A labelled field of the surrounding ConformForm with its error under it
 * (spec "form rows"); it starts with what was typed before a refusal, or what
 * is saved. Its label rests in the empty field and floats above it on focus and
 * once it holds a value (`row--float`: a placeholder of a space makes
 * `:placeholder-shown` mean empty; a real placeholder shows only under focus).
 * `digits`: the spec's number field (a day, a month, a year), which keeps the longest run of
 * digits typed or pasted (./digits.ts). Not codes or prices: "123 456" or "1 200 000" pasted
 * would lose digits; their schemas read what was typed.
 */
export function FormRow({
  name,
  label,
  digits = false,
  ...input
}: { name: string; label: string; digits?: boolean } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue">) {
  const [field] = useField<string>(name);
  const invalid = Boolean(field.errors?.length);
  const id = input.id ?? field.id;
  const floating = FLOATING.has(input.type ?? "text");
  const { onBlur } = input;
  return (
    <div className={`row${floating ? " row--float" : ""}${invalid ? " row--error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        key={field.key}
        id={id}
        name={field.name}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        // Browser code only: the Worker's build leaves ./digits.ts out.
        ref={!import.meta.env.SSR && digits ? keepDigits : undefined}
        {...input}
        placeholder={input.placeholder ?? (floating ? " " : undefined)}
        onBlur={(e) => {
          emptyBlank(e.currentTarget);
          onBlur?.(e);
        }}
      />
      <FieldError name={name} />
    </div>
  );
}
