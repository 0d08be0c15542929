import type { MetaDescriptor } from "react-router";
import type { LanguageData } from "./translate";
import { LANGS } from "./languages";
import { localizePath } from "./url";

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

export type SeoInput = {
  title: string;
  description?: string;
  /** The page's unprefixed path and query that should be indexed ("/store/men?page=2"). */
  path: string;
  /** Filtered/sorted views: crawlable, not indexed. */
  noindex?: boolean;
};

/**
 * Title, description, canonical and hreflang alternates (plus x-default) for a
 * public page. Every language version links every other one.
 */
export function seo(matches: Matches, input: SeoInput): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.loaderData as LanguageData | undefined;
  if (!root) return [{ title: input.title }];
  const url = (lang: (typeof LANGS)[number]) => root.origin + localizePath(input.path, lang, root.defaultLang);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { tagName: "link", rel: "canonical", href: url(root.lang) },
    ...LANGS.map((l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: url(l) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url(root.defaultLang) },
    { property: "og:title", content: input.title },
    { property: "og:url", content: url(root.lang) },
  ];
  if (input.description) tags.push({ name: "description", content: input.description });
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}
