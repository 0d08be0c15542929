import { isLang, LANGS, type Lang } from "./languages";

/** Old or alternative prefixes that permanently move to a supported language. */
const ALIASES: Record<string, Lang> = { ua: "uk" };

export type PrefixResolution = { kind: "ok"; lang: Lang; rest: string } | { kind: "redirect"; location: string } | { kind: "unknown-prefix" };

/**
 * Reads the language prefix of a path. The default language has no prefix, so
 * `/uz/…` (when uz is the default) and `/ua/…` answer with a permanent redirect.
 * A two-letter first segment that is not a language is an unknown prefix.
 */
export function resolvePrefix(pathname: string, defaultLang: Lang): PrefixResolution {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  const rest = match?.[2] ?? "/";
  if (!first) return { kind: "ok", lang: defaultLang, rest: pathname || "/" };
  const lower = first.toLowerCase();
  if (isLang(lower) || lower in ALIASES) {
    const lang = isLang(lower) ? lower : ALIASES[lower]!;
    if (lower !== first || lang === defaultLang || !isLang(lower)) {
      return { kind: "redirect", location: localizePath(rest, lang, defaultLang) };
    }
    return { kind: "ok", lang, rest };
  }
  if (/^[a-z]{2}$/i.test(first) && !RESERVED_TWO_LETTER.has(lower)) return { kind: "unknown-prefix" };
  return { kind: "ok", lang: defaultLang, rest: pathname };
}

/** Two-letter top-level paths of our own that are not languages. */
const RESERVED_TWO_LETTER = new Set<string>([]);

/** The path of `path` (unprefixed, starting with "/") in `lang`. */
export function localizePath(path: string, lang: Lang, defaultLang: Lang): string {
  // One leading slash: "//evil.example" would be a protocol-relative URL (an open redirect from /uz//evil.example).
  const clean = `/${path.replace(/^\/+/, "")}`;
  if (lang === defaultLang) return clean;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/** Strips the language prefix: the path as the default language would have it. */
export function unprefixedPath(pathname: string, defaultLang: Lang): string {
  const r = resolvePrefix(pathname, defaultLang);
  return r.kind === "ok" ? r.rest : pathname;
}

export function alternatePaths(path: string, defaultLang: Lang): Record<Lang, string> {
  return Object.fromEntries(LANGS.map((l) => [l, localizePath(path, l, defaultLang)])) as Record<Lang, string>;
}

/**
 * The language a URL names before any route is matched (the Worker entry's own answers: 405, 413,
 * 503): its prefix's, else a call's `?lang=`, else the default. The request's door resolves a
 * routed request's language (`requestMiddleware`) and uses this for every URL but a page's.
 */
export function langOfUrl(url: URL, defaultLang: Lang): Lang {
  const prefix = resolvePrefix(url.pathname, defaultLang);
  if (prefix.kind === "ok" && prefix.rest !== url.pathname) return prefix.lang;
  const asked = url.searchParams.get("lang");
  return isLang(asked) ? asked : defaultLang;
}
