/**
 * `GET /api/search/autocomplete`'s answer (docs/api.md), shared by its writer
 * (app/search/autocomplete.server.ts) and the header's search box (app/layout/search-combobox.tsx).
 * Prices in integer UZS: `price` what it sells for (0: hidden), `first_price` above it when on sale.
 */
export type SearchSuggestions = {
  query: string;
  search_url: string;
  categories: { name: string; parent: string | null; url: string }[];
  brands: { name: string; url: string }[];
  products: {
    id: number;
    name: string;
    brand: string;
    url: string;
    price: number;
    first_price: number;
    image: { url: string; srcset: string; width: number; height: number };
  }[];
};
