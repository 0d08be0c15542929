import { useField } from "@conform-to/react";
import { useState } from "react";
import { emptyBlank, FieldError } from "./form-row";

/**
 * A textarea with a length limit: the browser stops at `maxLength`,
 * the server's schema refuses longer text, and with JavaScript a counter says
 * how many characters are left (`counter` is the translated text with {{count}}).
 */
export function TextareaRow({
  name,
  label,
  maxLength,
  rows = 3,
  counter,
}: {
  name: string;
  label: string;
  maxLength: number;
  rows?: number;
  counter: (left: number) => string;
}) {
  const [field] = useField<string>(name);
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const [length, setLength] = useState<number | null>(null);
  const invalid = Boolean(field.errors?.length);
  const counterId = `${field.id}-left`;
  return (
    <div className={invalid ? "row row--float row--error" : "row row--float"}>
      <label htmlFor={field.id}>{label}</label>
      <textarea
        key={field.key}
        id={field.id}
        name={field.name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={initial}
        aria-invalid={invalid || undefined}
        aria-describedby={[invalid ? field.errorId : "", length === null ? "" : counterId].filter(Boolean).join(" ") || undefined}
        // The floating label (app.css: FormRow's).
        placeholder=" "
        onInput={(e) => setLength(e.currentTarget.value.length)}
        onFocus={(e) => setLength(e.currentTarget.value.length)}
        onBlur={(e) => {
          emptyBlank(e.currentTarget);
          setLength(e.currentTarget.value.length);
        }}
      />
      {/* Shown once the shopper is in the field (with JavaScript); the limit itself holds without it. */}
      {length === null ? null : (
        <p className="row__hint" id={counterId} aria-live="polite" data-testid={`${name}-left`}>
          {counter(maxLength - length)}
        </p>
      )}
      <FieldError name={name} />
    </div>
  );
}
