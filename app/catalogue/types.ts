/** The catalogue's shapes as the pages use them (the server modules map D1's rows to these). */

export type Category = {
  id: number;
  parentId: number | null;
  slug: string;
  path: string;
  depth: number;
  name: string;
};

export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  brand: string;
  firstPrice: number;
  salePrice: number;
  inClub: boolean;
  inStock: boolean;
  image: { url: string; width: number; height: number };
};

/** A facet's value; `count` null: too many products under the other filters to count (the value is shown without one). */
export type Facet = { value: string; label: string; count: number | null; hex?: string };

export type Listing = {
  products: ProductCard[];
  total: number;
  /** Filtered past the listing's reach: `total` is the least it has ("more than 2 400"). */
  totalAtLeast?: boolean;
  page: number;
  pageCount: number;
  facets: {
    brand: Facet[];
    size: Facet[];
    color: Facet[];
    price: { min: number; max: number } | null;
    sale: number | null;
    club: number | null;
  };
};

export type ProductDetails = {
  id: number;
  slug: string;
  modelCode: string;
  name: string;
  description: string;
  brand: { name: string; slug: string };
  color: { slug: string; name: string; hex: string };
  categoryPath: string;
  firstPrice: number;
  salePrice: number;
  inClub: boolean;
  vendorId: number;
  sizes: { id: number; size: string; stock: number }[];
  images: { url: string; width: number; height: number }[];
  colors: { slug: string; colorSlug: string; name: string; hex: string }[];
  /** Its category's size scale (clothing, footwear, kids, kids-footwear, one). */
  sizeKind?: string;
  /** A size chart fits it (its page links the size table). */
  sizeTable?: boolean;
};
