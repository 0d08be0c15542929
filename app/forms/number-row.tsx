import { FormRow } from "./form-row";

/** "7" → "07": how day and month read. */
export const zeroPad = (value: string | number | null | undefined, width = 2) =>
  value == null || value === "" ? undefined : String(value).padStart(width, "0");

/** A day or month as the shopper left it: clamped to `min`–`max`, zero-padded ("7" → "07", "45" → "31", "0" → "01"); empty stays empty. */
export function clampPadded(value: string, min: number, max: number): string {
  if (!/^\d+$/.test(value)) return value;
  return zeroPad(Math.min(max, Math.max(min, Number(value))), String(max).length)!;
}

/**
 * A day or month field: digits only (the numeric FormRow), clamped to `min`–`max` and
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
      digits
      pattern={`\\d{1,${width}}`}
      maxLength={width}
      onBlur={(e) => {
        e.currentTarget.value = clampPadded(e.currentTarget.value, min, max);
      }}
    />
  );
}
