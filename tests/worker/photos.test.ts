import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SCOPE } from "~/ops/index.server";
import { ip, opsKey } from "./fixtures";
import { get, html, products, section, tags } from "./helpers";

/** Product photos: uploaded through the operations API into R2, served back, resized by the local stand-in. */

/** A PNG drawn here (a colour gradient, deflate's stored blocks): the test's own source of real image bytes. */
function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, (x * y) % 251], y * (1 + width * 3) + 1 + x * 3);
  // zlib: a header, stored blocks of at most 65,535 bytes, the Adler-32 of the data.
  const blocks: number[] = [0x78, 0x01];
  for (let at = 0; at < raw.length; at += 65_535) {
    const piece = raw.subarray(at, at + 65_535);
    const last = at + 65_535 >= raw.length ? 1 : 0;
    blocks.push(last, piece.length & 0xff, piece.length >> 8, ~piece.length & 0xff, (~piece.length >> 8) & 0xff, ...piece);
  }
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65_521;
    b = (b + a) % 65_521;
  }
  blocks.push(b >> 8, b & 0xff, a >> 8, a & 0xff);
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(body, 4);
    view.setUint32(8 + data.length, crc(body));
    return out;
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(blocks)),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const streamOf = (bytes: Uint8Array<ArrayBuffer>) => new Response(bytes).body!;
const encode = async (bytes: Uint8Array<ArrayBuffer>, format: "image/jpeg" | "image/webp") =>
  new Uint8Array(await (await env.IMAGES.input(streamOf(bytes)).output({ format })).response().arrayBuffer());
const infoOf = (bytes: Uint8Array<ArrayBuffer>) => env.IMAGES.info(streamOf(bytes)) as Promise<{ format: string; width: number; height: number }>;

const put = (path: string, key: string | null, body: BodyInit | null, type = "image/jpeg", method = "PUT") =>
  get(path, {
    method,
    body,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(type ? { "Content-Type": type } : {}), ...ip() },
  });
const photoPath = (slug: string, position: number) => `/api/ops/products/${slug}/photos/${position}?lang=ru`;
const rowsOf = (productId: number) =>
  env.DB.prepare("SELECT position, url, width, height FROM images WHERE product_id = ? ORDER BY position")
    .bind(productId)
    .all<{ position: number; url: string; width: number; height: number }>()
    .then((r) => r.results);
const objectCount = async () => (await env.PHOTOS.list()).objects.length;

let key: string;
let jpeg: Uint8Array<ArrayBuffer>;
let source: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  key = await opsKey([SCOPE.catalogue]);
  source = png(800, 600);
  jpeg = await encode(source, "image/jpeg");
});

describe("uploading a product photo", () => {
  it("stores the photo, makes it the product's picture at that position and serves it back byte for byte", async () => {
    const p = products[4]!;
    // Position 0 has the demo picture: replaced (200); an empty position is a new picture (201).
    expect((await put(photoPath(p.slug, 9), key, jpeg)).status).toBe(201);
    const res = await put(photoPath(p.slug, 0), key, jpeg);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      success: boolean;
      unchanged: boolean;
      photo: { url: string; width: number; height: number; format: string; bytes: number };
    };
    expect(answer).toMatchObject({ success: true, unchanged: false, photo: { width: 800, height: 600, format: "jpeg", bytes: jpeg.length } });
    expect(answer.photo.url).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    const rows = await rowsOf(p.id);
    expect(rows.filter((r) => r.position === 0)).toEqual([{ position: 0, url: answer.photo.url, width: 800, height: 600 }]);

    const served = await get(answer.photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = served.headers.get("ETag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(jpeg);

    const head = await get(answer.photo.url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toBe(etag);
    expect(head.headers.get("Content-Length")).toBe(String(jpeg.length));
    expect(await head.text()).toBe("");
    const again = await get(answer.photo.url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);

    // The product's page shows it first, with its size and the resizer's srcset.
    const page = (await html(`/product/${p.slug}`)).body;
    const first = tags(section(page, '<section class="gallery"', "</section>"), "img")[0]!;
    expect(first).toMatchObject({ src: answer.photo.url, width: "800", height: "600" });
    expect(first.srcset).toContain(`/cdn-cgi/image/width=320,fit=scale-down,format=auto${answer.photo.url} 320w`);
  });

  it("takes PNG and WebP too, their sizes read from their headers", async () => {
    const p = products[5]!;
    const webp = await encode(png(301, 207), "image/webp");
    for (const [position, bytes, type, format, width, height] of [
      [5, png(123, 45), "image/png", "png", 123, 45],
      [6, webp, "image/webp", "webp", 301, 207],
    ] as const) {
      const res = await put(photoPath(p.slug, position), key, bytes, type);
      expect(res.status, format).toBe(201);
      const { photo } = (await res.json()) as { photo: { url: string; width: number; height: number; format: string } };
      expect(photo).toMatchObject({ format, width, height });
      expect(photo.url.endsWith(`.${format}`)).toBe(true);
      expect(await infoOf(bytes)).toMatchObject({ width, height });
    }
  });

  it("the same bytes again change nothing; other bytes at the same position replace the picture", async () => {
    const p = products[6]!;
    expect((await put(photoPath(p.slug, 9), key, jpeg)).status).toBe(201);
    const objects = await objectCount();
    const rows = await rowsOf(p.id);
    const retry = await put(photoPath(p.slug, 9), key, jpeg);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ success: true, unchanged: true });
    expect(await rowsOf(p.id)).toEqual(rows);
    expect(await objectCount()).toBe(objects);

    const other = await encode(png(64, 64), "image/jpeg");
    const replaced = await put(photoPath(p.slug, 9), key, other);
    expect(replaced.status).toBe(200);
    const { photo } = (await replaced.json()) as { photo: { url: string } };
    const now = await rowsOf(p.id);
    expect(now.filter((r) => r.position === 9)).toEqual([{ position: 9, url: photo.url, width: 64, height: 64 }]);
    expect(now.length).toBe(rows.length);
    // Parallel uploads of the same bytes leave one row and one object.
    const third = await encode(png(50, 70), "image/jpeg");
    const answers = await Promise.all([1, 2, 3].map(() => put(photoPath(p.slug, 7), key, third)));
    for (const a of answers) expect([200, 201]).toContain(a.status);
    expect((await rowsOf(p.id)).filter((r) => r.position === 7)).toHaveLength(1);
  });

  it("a row write that fails leaves no row (the object, written first, is only an orphan); the upload tried again goes through", async () => {
    const p = products[9]!;
    const bytes = await encode(png(90, 120), "image/jpeg");
    const rows = await rowsOf(p.id);
    // D1 refuses the picture's row as it would on a failure of its own (the batch is one transaction).
    await env.DB.prepare(
      `CREATE TRIGGER refuse_rows BEFORE INSERT ON images WHEN NEW.product_id = ${p.id} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
    ).run();
    try {
      const failed = await put(photoPath(p.slug, 0), key, bytes);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      await failed.body?.cancel();
      // The old picture at position 0 is still there: the DELETE went back with the INSERT.
      expect(await rowsOf(p.id)).toEqual(rows);
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_rows").run();
    }
    const retry = await put(photoPath(p.slug, 0), key, bytes);
    expect(retry.status).toBe(200);
    const { photo } = (await retry.json()) as { photo: { url: string; key: string } };
    expect((await rowsOf(p.id)).filter((r) => r.position === 0)).toEqual([{ position: 0, url: photo.url, width: 90, height: 120 }]);
    expect(await env.PHOTOS.head(photo.key)).not.toBeNull();
  });

  it("every images row names an object the bucket has", async () => {
    const photos = (await env.DB.prepare("SELECT url FROM images WHERE url LIKE '/photos/%'").all<{ url: string }>()).results;
    const uploaded = photos.filter((r) => !r.url.startsWith("/photos/demo/"));
    expect(uploaded.length).toBeGreaterThan(0);
    for (const { url } of uploaded) expect(await env.PHOTOS.head(url.slice("/photos/".length)), url).not.toBeNull();
  });
});

describe("uploads refused, nothing written", () => {
  const p = products[7]!;
  const refusedWith = async (res: Response, status: number, message: RegExp) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
  };
  const untouched = async (before: { rows: unknown; objects: number }) => {
    expect(await rowsOf(p.id)).toEqual(before.rows);
    expect(await objectCount()).toBe(before.objects);
  };
  const now = async () => ({ rows: await rowsOf(p.id), objects: await objectCount() });

  it("another format, by its bytes: 415", async () => {
    const before = await now();
    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
    await refusedWith(await put(photoPath(p.slug, 0), key, gif, "image/gif"), 415, /JPEG, PNG и WebP/);
    await refusedWith(await put(photoPath(p.slug, 0), key, "<svg/>", "image/jpeg"), 415, /JPEG, PNG и WebP/);
    // PNG bytes sent as a JPEG.
    await refusedWith(await put(photoPath(p.slug, 0), key, png(4, 4), "image/jpeg"), 415, /image\/png/);
    await untouched(before);
  });

  it("a header that gives no size, an empty body, a position out of range: 422", async () => {
    const before = await now();
    await refusedWith(await put(photoPath(p.slug, 0), key, jpeg.slice(0, 40)), 422, /заголовка/);
    await refusedWith(await put(photoPath(p.slug, 0), key, new Uint8Array()), 422, /пустое/);
    await refusedWith(await put(photoPath(p.slug, 20), key, jpeg), 422, /от 0 до 19/);
    await refusedWith(await put(photoPath(p.slug, "x" as unknown as number), key, jpeg), 422, /от 0 до 19/);
    await untouched(before);
  });

  it("past 5 MB: 413, in the request's language", async () => {
    const before = await now();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(jpeg.subarray(0, 1000));
    await refusedWith(await put(photoPath(p.slug, 0), key, big), 413, /Фото больше 5 МБ/);
    await untouched(before);
  });

  it("an unknown product: 404 naming it", async () => {
    const before = await now();
    await refusedWith(await put(photoPath("no-such-product", 0), key, jpeg), 404, /no-such-product/);
    await untouched(before);
  });

  it("a key without catalogue:write: 403; no key: 401", async () => {
    const before = await now();
    const orders = await opsKey([SCOPE.orders]);
    await refusedWith(await put(photoPath(p.slug, 0), orders, jpeg), 403, /catalogue:write/);
    expect((await put(photoPath(p.slug, 0), null, jpeg)).status).toBe(401);
    await untouched(before);
  });

  it("a method the upload does not take: 405 with Allow", async () => {
    for (const method of ["POST", "DELETE", "GET"]) {
      const res = await put(photoPath(p.slug, 0), key, method === "GET" ? null : jpeg, "image/jpeg", method);
      expect(res.status, method).toBe(405);
      expect(res.headers.get("Allow"), method).toBe("PUT");
      await res.body?.cancel();
    }
    const post = await get("/photos/demo/1/sneaker/khaki/1.jpg", { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
    await post.body?.cancel();
  });
});

describe("serving photos", () => {
  it("an unknown key or a path that is no photo's: 404", async () => {
    for (const url of [`/photos/${"0".repeat(64)}.jpg`, "/photos/x.jpg", "/photos/demo/1/sneaker/khaki/1.svg", "/photos/", "/photos/%2e%2e/x.jpg"]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      await res.body?.cancel();
    }
  });

  it("the resizer's stand-in really resizes: the width asked, WebP where accepted, JPEG otherwise, never larger", async () => {
    const p = products[8]!;
    const { photo } = (await (await put(photoPath(p.slug, 0), key, jpeg)).json()) as { photo: { url: string } };
    const at = (width: number) => `/cdn-cgi/image/width=${width},fit=scale-down,format=auto${photo.url}`;

    const webp = await get(at(320), { headers: { Accept: "image/avif,image/webp,*/*" } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
    expect(webp.headers.get("Vary")).toContain("Accept");
    const webpBytes = new Uint8Array(await webp.arrayBuffer());
    expect(await infoOf(webpBytes)).toMatchObject({ format: "image/webp", width: 320, height: 240 });
    expect(webpBytes.length).toBeLessThan(jpeg.length);

    const plain = await get(at(640), { headers: { Accept: "image/*" } });
    expect(plain.headers.get("Content-Type")).toBe("image/jpeg");
    expect(await infoOf(new Uint8Array(await plain.arrayBuffer()))).toMatchObject({ format: "image/jpeg", width: 640, height: 480 });

    // Wider than the original: scale-down keeps its size.
    const wide = await get(at(1920), { headers: { Accept: "image/webp" } });
    expect(await infoOf(new Uint8Array(await wide.arrayBuffer()))).toMatchObject({ width: 800, height: 600 });

    // Asked again: the kept result, the same bytes.
    const kept = await get(at(320), { headers: { Accept: "image/webp" } });
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(webpBytes);
  });

  it("a photo the codec cannot read (its header whole, its data cut off) goes out from the stand-in as it is", async () => {
    const cut = jpeg.slice(0, 4000);
    const upload = await put(photoPath(products[10]!.slug, 9), key, cut);
    expect(upload.status).toBe(201);
    const { photo } = (await upload.json()) as { photo: { url: string } };
    const res = await get(`/cdn-cgi/image/width=320,fit=scale-down,format=auto${photo.url}`, { headers: { Accept: "image/webp" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(cut);
  });

  it("the stand-in takes only the shop's own paths and its own options", async () => {
    for (const url of [
      "/cdn-cgi/image/width=640,format=auto/photos/x.jpg",
      "/cdn-cgi/image/width=640,fit=scale-down,format=auto//evil.example/x.jpg",
      "/cdn-cgi/image/width=640,fit=scale-down,format=auto/https://evil.example/x.jpg",
      "/cdn-cgi/image/width=640,fit=scale-down,format=auto/photos/../../x.jpg",
      `/cdn-cgi/image/width=640,fit=scale-down,format=auto/photos/${"0".repeat(64)}.jpg`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      await res.body?.cancel();
    }
  });
});
