import {
  MAX_PHOTO_POSITION,
  MAX_PHOTO_SIDE,
  PHOTO_FORMATS,
  PRODUCT_SLUG,
  photoFormatOf,
  photoSizeOf,
  productExists,
  storePhoto,
} from "~/catalogue/index.server";
import { apiError } from "~/server/api.server";
import { MAX_PHOTO_BYTES } from "~/server/methods.server";
import type { OpsRequest } from "./call.server";

/** Content-Types a sender may name beside the image's own (the bytes decide the format). */
const NEUTRAL_TYPES = new Set(["", "application/octet-stream"]);

/**
 * `PUT /api/ops/products/<slug>/photos/<position>`: the request's body is the photo (JPEG, PNG
 * or WebP, up to 5 MB), stored in R2 and made the product's picture at that position. 404 for
 * an unknown product, 413 past the size limit, 415 for another format (by its magic number)
 * or a Content-Type that names another, 422 for a position out of range or a header that does
 * not give the image's size. 201 when the position was empty, 200 when it had a picture (the
 * same bytes again: `unchanged`, nothing written).
 */
export async function uploadPhoto({ app, t, request }: OpsRequest, params: { slug?: string; position?: string }): Promise<Response> {
  const slug = params.slug ?? "";
  const position = /^[0-9]{1,2}$/.test(params.position ?? "") ? Number(params.position) : -1;
  if (!PRODUCT_SLUG.test(slug) || !(await productExists(app.env.DB, slug))) apiError(404, t("ops:photos.noProduct", { slug: slug.slice(0, 120) }));
  if (position < 0 || position > MAX_PHOTO_POSITION) apiError(422, t("ops:photos.position", { max: MAX_PHOTO_POSITION }));
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await request.arrayBuffer());
  } catch {
    apiError(400, t("server:api.malformedBody"));
  }
  // The Worker's entry refuses a longer body before it gets here (bodyLimitOf); this holds without it too.
  if (bytes.length > MAX_PHOTO_BYTES) apiError(413, t("server:api.photoTooLarge", { mb: MAX_PHOTO_BYTES / 1024 / 1024 }));
  if (bytes.length === 0) apiError(422, t("ops:photos.empty"));
  const format = photoFormatOf(bytes);
  if (!format) apiError(415, t("ops:photos.format"));
  const declared = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const actual = PHOTO_FORMATS[format].mime;
  if (!NEUTRAL_TYPES.has(declared) && declared !== actual) apiError(415, t("ops:photos.typeMismatch", { declared: declared.slice(0, 60), actual }));
  const size = photoSizeOf(bytes, format);
  if (!size) apiError(422, t("ops:photos.header"));
  if (size.width > MAX_PHOTO_SIDE || size.height > MAX_PHOTO_SIDE) apiError(422, t("ops:photos.dimensions", { max: MAX_PHOTO_SIDE }));
  const stored = await storePhoto(app.env.DB, app.env.PHOTOS, { slug, position, bytes, format, ...size });
  if (!stored) apiError(404, t("ops:photos.noProduct", { slug }));
  const { created, unchanged, ...photo } = stored;
  return Response.json({ success: true, unchanged, photo: { ...photo, format } }, { status: created ? 201 : 200 });
}
