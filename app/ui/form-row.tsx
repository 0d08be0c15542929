import { useI18n } from "~/i18n/use-i18n";

/** A labelled field with its error under it (spec "form rows"); keeps what was typed via defaultValue. */
export function FormRow({
  name,
  label,
  error,
  ns,
  ...input
}: { name: string; label: string; error?: string; ns: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useI18n();
  const id = `f-${name}`;
  return (
    <div className={error ? "row row--error" : "row"}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error ? (
        <p className="row__error" id={`${id}-error`} role="alert">
          {t(`${ns}:${error}`)}
        </p>
      ) : null}
    </div>
  );
}
