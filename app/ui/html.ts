/**
 * Markup written as strings (listing rows, the 405 page) escapes text exactly as React
 * does, so a string and React's render of the same markup are byte for byte equal.
 */

/** Text or attribute value escaped as React escapes it (the same five characters, the same entities). */
const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
export function escapeHtml(text: string | number): string {
  return String(text).replace(/["&'<>]/g, (c) => ESCAPES[c]!);
}

/** React's rule for `href`/`src`: a javascript: URL becomes one that throws. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: React's own pattern (leading control characters are ignored by URL parsers)
const JAVASCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
export function escapeUrl(url: string): string {
  return escapeHtml(JAVASCRIPT_URL.test(url) ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')" : url);
}
