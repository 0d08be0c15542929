import { FormRow } from "./form-row";

/** "7" → "07": how day and month read. */
export const zeroPad = (value: string | number | null | undefined, width = 2) =>
  value == null || value === "" ? undefined : String(value).padStart(width, "0");

/**
 * A day or month field: digits only, clamped to `min`–`max` and
 * zero-padded when the shopper leaves it. Without JavaScript the browser's
 * `pattern` and the server's schema say the same.
 */
export function NumberRow({ name, label, min, max }: { name: string; label: string; min: number; max: number }) {
  const width = String(max).length;
  return (
    <FormRow
      name={name}
      label={label}
      inputMode="numeric"
      pattern={`\\d{1,${width}}`}
      maxLength={width}
      onInput={(e) => {
        const input = e.currentTarget;
        const digits = input.value.replace(/\D/g, "");
        if (digits !== input.value) input.value = digits;
      }}
      onBlur={(e) => {
        const input = e.currentTarget;
        if (!input.value) return;
        input.value = zeroPad(Math.min(max, Math.max(min, Number(input.value))), width)!;
      }}
    />
  );
}
