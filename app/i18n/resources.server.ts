import type { Lang } from "./languages";
import type { Messages } from "./translate";

// dev.json: the local stand-ins' texts, read by their pages only (devTexts), never in the deployed build.
const files = import.meta.glob<Messages>(["../../locales/*/*.json", "!../../locales/*/dev.json"], { eager: true, import: "default" });

/** locales/<lang>/<namespace>.json as i18next resources: { uz: { common: {...}, catalogue: {...} } }. */
export const resources = {} as Record<Lang, Record<string, Messages>>;
for (const [file, messages] of Object.entries(files)) {
  const [, lang, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  ((resources[lang as Lang] ??= {}) as Record<string, Messages>)[ns!] = messages;
}

/**
 * The namespaces a page shows, for its loader data (see I18nProvider). `only`
 * keeps some namespaces to the top-level groups the page uses (the checkout
 * shows a few of the sign-in texts, not all): less to serialize and to send.
 */
export function texts(lang: Lang, names: string[], only: Record<string, string[]> = {}): Record<string, Messages> {
  const all = resources[lang];
  return Object.fromEntries(
    names.map((n) => {
      const messages = all[n] ?? {};
      const keep = only[n];
      return [n, keep ? Object.fromEntries(Object.entries(messages).filter(([group]) => keep.includes(group))) : messages];
    }),
  );
}

/** The local stand-ins' pages' texts (locales/<lang>/dev.json), as the namespace "dev". */
export function devTexts(lang: Lang): Record<string, Messages> {
  const dev = import.meta.glob<Messages>("../../locales/*/dev.json", { eager: true, import: "default" });
  return { dev: dev[`../../locales/${lang}/dev.json`] ?? {} };
}
