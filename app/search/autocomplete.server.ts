import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { pictureSrcset } from "~/ui/picture";
import type { SearchSuggestions } from "~/ui/search-suggestions";
import { type Suggestions, suggest } from "./suggest.server";

/**
 * `GET /api/search/autocomplete`'s answer (docs/api.md): the same for every shopper, so it is
 * cached like a page. URLs are the shop's own paths in the language asked for.
 */
export async function autocompleteAnswer(db: D1Database, lang: Lang, defaultLang: Lang, q: string): Promise<SearchSuggestions> {
  const href = (path: string) => localizePath(path, lang, defaultLang);
  const found: Suggestions = q.trim() ? await suggest(db, lang, q) : { categories: [], brands: [], products: [] };
  return {
    query: q,
    search_url: href(`/search?q=${encodeURIComponent(q.trim())}`),
    categories: found.categories.map((c) => ({ name: c.name, parent: c.parent, url: href(`/store/${c.path}`) })),
    brands: found.brands.map((b) => ({ name: b.name, url: href(`/store?brand=${encodeURIComponent(b.slug)}`) })),
    products: found.products.map((p) => ({
      id: p.id,
      name: p.name,
      brand: p.brand,
      url: href(`/product/${p.slug}`),
      price: p.salePrice,
      first_price: p.firstPrice,
      image: { url: p.image.url, srcset: pictureSrcset(p.image.url), width: p.image.width, height: p.image.height },
    })),
  };
}

export type AutocompleteAnswer = SearchSuggestions;
