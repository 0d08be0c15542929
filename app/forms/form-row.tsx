import { useField } from "@conform-to/react";
import { useI18n } from "~/i18n/use-i18n";

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

/**
 * A labelled field of the surrounding ConformForm with its error under it
 * (spec "form rows"); it starts with what was typed before a refusal, or what
 * is saved.
 */
export function FormRow({
  name,
  label,
  ...input
}: { name: string; label: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue">) {
  const [field] = useField<string>(name);
  const invalid = Boolean(field.errors?.length);
  const id = input.id ?? field.id;
  return (
    <div className={invalid ? "row row--error" : "row"}>
      <label htmlFor={id}>{label}</label>
      <input
        key={field.key}
        id={id}
        name={field.name}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        {...input}
      />
      <FieldError name={name} />
    </div>
  );
}
