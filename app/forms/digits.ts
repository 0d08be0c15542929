/** The longest run of digits in `text`, the first of equal ones: "ab12c345" → "345", "a" → "". */
export function longestDigits(text: string): string {
  let longest = "";
  for (const run of text.match(/\d+/g) ?? []) if (run.length > longest.length) longest = run;
  return longest;
}

/**
 * A number field after `typed` (typed, pasted or dropped) replaced `value`'s characters from
 * `start` to `end` (spec "number field"): of `typed`, its longest run of digits, cropped to what
 * `maxLength` leaves room for (none below 1); the caret after it.
 */
export function insertDigits(value: string, start: number, end: number, typed: string, maxLength: number): { value: string; caret: number } {
  const room = maxLength > 0 ? Math.max(0, maxLength - value.length + (end - start)) : Number.POSITIVE_INFINITY;
  const digits = longestDigits(typed).slice(0, room);
  return { value: value.slice(0, start) + digits + value.slice(end), caret: start + digits.length };
}

const INSERTS = new Set(["insertText", "insertFromPaste", "insertFromDrop", "insertReplacementText"]);

/**
 * Keeps a numeric text field to digits, with JavaScript (a ref callback; returns its cleanup).
 * What is typed or pasted goes in as `insertDigits` says, in place of the browser's insertion
 * (which would crop a paste to `maxLength` before its letters were dropped); anything that came
 * in otherwise (an IME, autofill) is brought to its longest run of digits. Without JavaScript
 * the field's `pattern` and the server's schema refuse what is not digits.
 */
export function keepDigits(input: HTMLInputElement | null): (() => void) | undefined {
  if (!input) return;
  const changed = () => input.dispatchEvent(new Event("input", { bubbles: true }));
  const onBeforeInput = (e: InputEvent) => {
    if (!INSERTS.has(e.inputType) || e.isComposing) return;
    const typed = e.data ?? e.dataTransfer?.getData("text/plain") ?? "";
    const start = input.selectionStart ?? input.value.length;
    const next = insertDigits(input.value, start, input.selectionEnd ?? start, typed, input.maxLength);
    // Digits that fit go in as the browser puts them (its undo history stays whole).
    if (next.caret - start === typed.length) return;
    e.preventDefault();
    if (next.value === input.value) return;
    input.value = next.value;
    input.setSelectionRange(next.caret, next.caret);
    changed();
  };
  const onInput = () => {
    if (/^\d*$/.test(input.value)) return;
    input.value = insertDigits("", 0, 0, input.value, input.maxLength).value;
    changed();
  };
  input.addEventListener("beforeinput", onBeforeInput);
  input.addEventListener("input", onInput);
  return () => {
    input.removeEventListener("beforeinput", onBeforeInput);
    input.removeEventListener("input", onInput);
  };
}
