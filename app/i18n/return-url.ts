import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";

/**
 * Where to go after login. "checkout" names the checkout in the page language;
 * anything else must be a path on this site. Protocol-relative ("//evil"),
 * backslash ("/\\evil") and absolute URLs, also percent-encoded, go home.
 */
export function safeReturnUrl(value: string | null | undefined, lang: Lang, defaultLang: Lang): string {
  const home = localizePath("/", lang, defaultLang);
  if (!value) return home;
  if (value === "checkout") return localizePath("/checkout", lang, defaultLang);
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return home;
  }
  try {
    // Decode twice: "%252F%252Fevil" must not survive as "//evil" after a later decode.
    decoded = decodeURIComponent(decoded);
  } catch {
    // Decoded once it is no longer an encoding ("?q=50%25" is "?q=50%"): checked as it is.
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//") || candidate.includes("\\")) return home;
    // Control characters (tabs, newlines) are stripped by browsers inside URLs: "/\t/evil" is "//evil".
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses
    if (/[\u0000-\u001f\u007f]/.test(candidate)) return home;
  }
  try {
    const url = new URL(value, "http://same.site");
    if (url.origin !== "http://same.site") return home;
    // The parser resolves "." and ".." segments: "/.//evil" becomes "//evil". Check the result too.
    const path = url.pathname + url.search + url.hash;
    return path.startsWith("//") || path.includes("\\") ? home : path;
  } catch {
    return home;
  }
}
