import type { Lang } from "./languages";
import { pluralCategory } from "./plural";

export type Messages = { [key: string]: string | Messages };
/** One language's namespaces: { common: {...}, catalogue: {...} } (one JSON file each). */
export type Namespaces = Record<string, Messages>;

/** What the root's data carries for languages (the layout's data adds the rest): the page's texts and where it is. */
export type LanguageData = {
  lang: Lang;
  defaultLang: Lang;
  /** Absolute origin for canonical, hreflang and JSON-LD URLs. */
  origin: string;
  /** The layout's texts ("common"); routes add their own namespaces. */
  i18n: Namespaces;
};
export type Vars = Record<string, string | number>;
export type TFunction = (key: string, vars?: Vars) => string;

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * A translator over locales/<lang>/*.json in i18next's format ("ns:nested.key",
 * default namespace "common", `{{var}}` interpolation, `_one/_few/_many/_other`
 * plural suffixes chosen by `count`). It is a few hundred bytes, so pages do
 * not ship i18next to the browser; a unit test holds it to i18next's output.
 */
export function createT(lang: Lang, namespaces: Namespaces): TFunction {
  return (fullKey, vars) => {
    const colon = fullKey.indexOf(":");
    const messages = namespaces[colon >= 0 ? fullKey.slice(0, colon) : "common"];
    const key = colon >= 0 ? fullKey.slice(colon + 1) : fullKey;
    let text: string | undefined;
    if (vars && typeof vars.count === "number") {
      text = lookup(messages, `${key}_${pluralCategory(lang, vars.count)}`) ?? lookup(messages, `${key}_other`);
    }
    text ??= lookup(messages, key);
    if (text === undefined) return fullKey;
    return vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
  };
}
