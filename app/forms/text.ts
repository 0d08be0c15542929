/**
 * Characters no name, address or comment of the shop holds: control
 * characters (NUL…; a line break only in multi-line fields) and the
 * bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 * can make stored text display as something else.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** The field error of such text (common namespace, so every form can show it). */
export const UNSAFE_TEXT = "common:forms.unsafeText";

/** A zod refinement: true when the text holds none of them. */
export function plainText(multiline = false): (value: string) => boolean {
  const unsafe = multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE;
  return (value) => !unsafe.test(value);
}
