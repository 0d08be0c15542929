import type { TFunction } from "~/i18n/translate";
import { useI18n } from "~/i18n/use-i18n";
import { useLiveError } from "./live-form";

/** An error key of the form's namespace, else of "auth" (shared field rules live there). */
export function errorText(t: TFunction, ns: string, key: string): string {
  const own = t(`${ns}:${key}`);
  return own === `${ns}:${key}` ? t(`auth:${key}`) : own;
}

/** A labelled field with its error under it (spec "form rows"); keeps what was typed via defaultValue. */
export function FormRow({
  name,
  label,
  error,
  ns,
  ...input
}: { name: string; label: string; error?: string; ns: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useI18n();
  const id = input.id ?? `f-${name}`;
  // With JavaScript, the live check replaces the server's message once the field was touched.
  const live = useLiveError(name);
  if (live) error = live.error;
  return (
    <div className={error ? "row row--error" : "row"}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error ? (
        <p className="row__error" id={`${id}-error`} role="alert">
          {errorText(t, ns, error)}
        </p>
      ) : null}
    </div>
  );
}
