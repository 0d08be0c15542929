/**
 * Product photos: the originals live in R2 (`env.PHOTOS`) under the SHA-256 of their bytes,
 * and a product's `images` row names one by its URL, `/photos/<key>`. The object is written
 * before the row, so a row never names a missing object; an upload whose row write fails
 * leaves at most an object nothing names (harmless, found by listing the bucket against the
 * rows). The same bytes are the same key: an upload tried again writes nothing new.
 * Widths for screens come from Cloudflare's Image Transformations in front of the shop
 * (app/ui/picture.ts); docs/decisions/025-photos-in-r2.md.
 */

import { sha256Hex } from "~/server/hash.server";

export type PhotoFormat = "jpeg" | "png" | "webp";

export const PHOTO_FORMATS: Record<PhotoFormat, { ext: string; mime: string }> = {
  jpeg: { ext: "jpg", mime: "image/jpeg" },
  png: { ext: "png", mime: "image/png" },
  webp: { ext: "webp", mime: "image/webp" },
};

/** Image Transformations take sources up to 12,000 px a side. */
export const MAX_PHOTO_SIDE = 12_000;

/** Positions 0–19: a product's gallery shows them in this order. */
export const MAX_PHOTO_POSITION = 19;

/** A photo's key in the bucket (and the rest of its URL after `/photos/`): a content hash, or a demo photo's name (scripts/demo-photos.mjs). */
export const PHOTO_KEY = /^(?:[0-9a-f]{64}\.(?:jpg|png|webp)|demo\/[0-9]+\/[a-z]+\/[a-z-]+\/[1-3]\.jpg)$/;

/** The cache rule of every photo: its URL changes with its bytes. */
export const PHOTO_CACHE = "public, max-age=31536000, immutable";

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** The format the bytes are, by their magic number (never by what the sender says). */
export function photoFormatOf(bytes: Uint8Array): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 16 && ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "webp";
  return null;
}

/** Width and height from the image's header, or null when the header is cut off or damaged. */
export function photoSizeOf(bytes: Uint8Array, format: PhotoFormat): { width: number; height: number } | null {
  const size = format === "jpeg" ? jpegSize(bytes) : format === "png" ? pngSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** PNG: the IHDR chunk comes first, width and height as 32-bit big-endian. */
function pngSize(b: Uint8Array) {
  if (b.length < 24 || !ascii(b, 12, "IHDR")) return null;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** JPEG: walk the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Uint8Array) {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

/** WebP: lossy (VP8), lossless (VP8L) or extended (VP8X) first chunk. */
function webpSize(b: Uint8Array) {
  if (b.length < 30) return null;
  if (ascii(b, 12, "VP8 ") && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (ascii(b, 12, "VP8L") && b[20] === 0x2f)
    return { width: 1 + (((b[22]! & 0x3f) << 8) | b[21]!), height: 1 + (((b[24]! & 0x0f) << 10) | (b[23]! << 2) | ((b[22]! & 0xc0) >> 6)) };
  if (ascii(b, 12, "VP8X")) return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  return null;
}

export type StoredPhoto = { url: string; key: string; width: number; height: number; bytes: number; position: number };

/** Whether a product with this slug exists. */
export async function productExists(db: D1Database, slug: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 AS one FROM products WHERE slug = ?").bind(slug).first()) !== null;
}

/**
 * Stores a checked photo as the product's picture at `position`: the object first (skipped when
 * the bucket has these bytes already), then the row in one batch (the old row at that position
 * out, the new one in). `created` is false when the position had a picture; `unchanged` when it
 * was this one. Null when the product is gone.
 */
export async function storePhoto(
  db: D1Database,
  bucket: R2Bucket,
  photo: { slug: string; position: number; bytes: Uint8Array<ArrayBuffer>; format: PhotoFormat; width: number; height: number },
): Promise<(StoredPhoto & { created: boolean; unchanged: boolean }) | null> {
  const { ext, mime } = PHOTO_FORMATS[photo.format];
  const sha256 = await sha256Hex(photo.bytes);
  const key = `${sha256}.${ext}`;
  const url = `/photos/${key}`;
  const stored: StoredPhoto = { url, key, width: photo.width, height: photo.height, bytes: photo.bytes.length, position: photo.position };
  const before = await db
    .prepare("SELECT url FROM images WHERE product_id = (SELECT id FROM products WHERE slug = ?1) AND position = ?2")
    .bind(photo.slug, photo.position)
    .first<{ url: string }>();
  const kept = await bucket.head(key);
  if (before?.url === url && kept) return { ...stored, created: false, unchanged: true };
  if (!kept)
    await bucket.put(key, photo.bytes, {
      sha256,
      httpMetadata: { contentType: mime, cacheControl: PHOTO_CACHE },
      customMetadata: { width: String(photo.width), height: String(photo.height) },
    });
  const [, inserted] = await db.batch([
    db.prepare("DELETE FROM images WHERE product_id = (SELECT id FROM products WHERE slug = ?1) AND position = ?2").bind(photo.slug, photo.position),
    db
      .prepare("INSERT INTO images (product_id, position, url, width, height) SELECT id, ?2, ?3, ?4, ?5 FROM products WHERE slug = ?1")
      .bind(photo.slug, photo.position, url, photo.width, photo.height),
  ]);
  if (!inserted!.meta.changes) return null;
  return { ...stored, created: !before, unchanged: false };
}

/**
 * The answer to `GET`/`HEAD /photos/<key>`: the original as stored, its ETag, cached for a
 * year (the key changes with the bytes); 304 for a matching `If-None-Match`; null when the
 * key is not a photo's or the bucket has no such object.
 */
export async function photoResponse(bucket: R2Bucket, key: string, request: Request): Promise<Response | null> {
  if (!PHOTO_KEY.test(key)) return null;
  const object = request.method === "HEAD" ? await bucket.head(key) : await bucket.get(key);
  if (!object) return null;
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", PHOTO_CACHE);
  const body = "body" in object ? (object as R2ObjectBody).body : null;
  const match = request.headers.get("If-None-Match");
  if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === object.httpEtag)) {
    await body?.cancel();
    return new Response(null, { status: 304, headers });
  }
  // A HEAD's answer has no body but says the photo's length.
  headers.set("Content-Length", String(object.size));
  return new Response(body, { headers });
}
