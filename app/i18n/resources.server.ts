import type { Lang } from "./languages";
import type { Messages } from "./translate";

const files = import.meta.glob<Messages>("../../locales/*/*.json", { eager: true, import: "default" });

/** locales/<lang>/<namespace>.json as i18next resources: { uz: { common: {...}, catalogue: {...} } }. */
export const resources = {} as Record<Lang, Record<string, Messages>>;
for (const [file, messages] of Object.entries(files)) {
  const [, lang, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
  ((resources[lang as Lang] ??= {}) as Record<string, Messages>)[ns!] = messages;
}

/** The namespaces a page shows, for its loader data (see I18nProvider). */
export function texts(lang: Lang, names: string[]): Record<string, Messages> {
  const all = resources[lang];
  return Object.fromEntries(names.map((n) => [n, all[n] ?? {}]));
}
