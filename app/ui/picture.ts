/**
 * Product pictures in the sizes a screen needs. A photo (JPEG, PNG, WebP, AVIF)
 * goes through the image resizer in front of the shop, Cloudflare's Image Transformations
 * (`/cdn-cgi/image/<options>/<source>`): `srcset` offers widths for a phone (≤ 640 px), a tablet
 * (641–1024) and a desktop (≥ 1025) at 1× to 2×, and `format=auto` sends AVIF or WebP to a
 * browser that accepts them, the source's format to one that does not. A vector picture (the
 * demo catalogue's SVG silhouettes) fits every width in one file: it keeps its one URL.
 * Local runs have no resizer: `/cdn-cgi/image/…` is a stand-in there (app/routes/dev/image-resizing.ts).
 * Not in the layout's chunk (vite.config.ts): the grids, the cart and favourites load it.
 */
// 480: a phone's card (half of a 360–430 px screen at 2×) gets the width it shows, not 640's
// (≈ twice the bytes on the first screen, which the largest paint waits for).
const WIDTHS = [320, 480, 640, 960, 1280, 1920];

/** The resizer's options for one width: the one place its URL is written (the stand-in checks it). */
export const resizeOptions = (width: number) => `width=${width},fit=scale-down,format=auto`;

/** Whether `options` are the resizer options the shop asks for (app/routes/dev/image-resizing.ts). */
export const isResizeOptions = (options: string) => WIDTHS.some((w) => resizeOptions(w) === options);

/** Where each picture sits, as `sizes` says it: the grid's columns (app.css) and the gallery. */
export const PICTURE_SIZES = {
  // Two columns on a phone, three from 768 px, four from 1025 px (a quarter of the page on the
  // home page and under a product, a little less beside a listing's filters).
  card: "(min-width: 1025px) 25vw, (min-width: 768px) 32vw, 50vw",
  // The product's gallery: its first picture 85 % of a phone's width (the next one's edge shows),
  // the page's left part from 768 px; the others beside each other under it from 1025 px.
  gallery: "(min-width: 768px) 54vw, 85vw",
  galleryMore: "(min-width: 1025px) 27vw, (min-width: 768px) 54vw, 85vw",
  // A thumbnail: a cart line's (90 px), the cart popup's (60 px), a favourite's (120 px).
  thumb: "120px",
} as const;

const RASTER = /\.(jpe?g|png|webp|avif)$/i;

/** The `srcset` of a photo (empty for a vector picture, which needs none). */
export function pictureSrcset(url: string): string {
  const path = url.split(/[?#]/)[0]!;
  if (!RASTER.test(path)) return "";
  // A path of the shop's own, or another origin the zone's transformations allow (named whole);
  // a space or a comma would split a srcset candidate: encoded.
  const source = (url.startsWith("//") ? `https:${url}` : url.startsWith("/") ? url.slice(1) : url).replace(/[\s,]/g, encodeURIComponent);
  return WIDTHS.map((w) => `/cdn-cgi/image/${resizeOptions(w)}/${source} ${w}w`).join(", ");
}

/** The attributes for an `<img>` in React: `srcSet` and `sizes` for a photo, nothing for a vector. */
export function pictureProps(url: string, sizes: keyof typeof PICTURE_SIZES): { srcSet?: string; sizes?: string } {
  const srcSet = pictureSrcset(url);
  return srcSet ? { srcSet, sizes: PICTURE_SIZES[sizes] } : {};
}

/**
 * A `<link rel="preload">` for a picture on the first screen: for a photo the same candidates as
 * its `<img>` (`imageSrcSet`, `imageSizes`), so the browser fetches the width it will show, once.
 */
export function picturePreload(url: string, sizes: keyof typeof PICTURE_SIZES): { href: string; imageSrcSet?: string; imageSizes?: string } {
  const photo = pictureProps(url, sizes);
  return photo.srcSet ? { href: url, imageSrcSet: photo.srcSet, imageSizes: photo.sizes } : { href: url };
}
