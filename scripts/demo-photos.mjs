// The demo catalogue's photos: for every `/photos/demo/…` picture the local D1's `images` rows
// name, a 1200×1600 JPEG of real weight (the garment's silhouette in its colour, lit, on a
// studio backdrop, with fabric texture and sensor noise, so it does not compress to nothing),
// put into the local R2 the shop serves photos from. Drawn once: the files are kept under
// .wrangler/demo-photos, and objects the bucket has are not put again. Run by db-setup.mjs
// after the seed (so whatever number of products it loaded); safe to run any number of times.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { getPlatformProxy } from "wrangler";
import { SHAPES } from "../app/catalogue/silhouettes.ts";
import { STATE_DIR } from "./lib.mjs";

Object.assign(process.env, { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" });

const WIDTH = 1200;
const HEIGHT = 1600;
const CACHE_DIR = ".wrangler/demo-photos";
const DEMO = /^\/photos\/(demo\/\d+\/([a-z]+)\/([a-z-]+)\/([1-3])\.jpg)$/;
const started = Date.now();

/** Studio backdrops, one per view: warm, cool, neutral (centre, edge). */
const BACKDROPS = [
  ["#f6f1ea", "#d6cbbd"],
  ["#eef2f6", "#c5cfda"],
  ["#f2f3ee", "#cfd3c6"],
];

/** Where the 600×800 silhouette sits on the photo: view 1 front, 2 back (mirrored), 3 close-up. */
const PLACE = ["scale(2)", "translate(1200 0) scale(-2 2)", "translate(-600 -600) scale(3.2)"];

const svgRaw = async (svg) => sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();

/** The backdrop of a view with the floor's soft shadow: drawn once per view. */
const backdrops = new Map();
const backdropOf = (view) => {
  if (!backdrops.has(view)) {
    const [light, dark] = BACKDROPS[view - 1];
    backdrops.set(
      view,
      svgRaw(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>
  <radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/><ellipse cx="600" cy="1440" rx="520" ry="90" fill="url(#floor)"/></svg>`),
    );
  }
  return backdrops.get(view);
};

/** The garment's coverage (white on black, anti-aliased edges): drawn once per shape and view. */
const masks = new Map();
const maskOf = (shape, view) => {
  const key = `${shape}/${view}`;
  if (!masks.has(key))
    masks.set(
      key,
      svgRaw(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%"/>
  <g transform="${PLACE[view - 1]}"><path d="${SHAPES[shape]}" fill="#fff"/></g></svg>`),
    );
  return masks.get(key);
};

/** Sensor grain, the same for every photo (a fixed seed: the same files on every machine). */
const GRAIN = new Int8Array(WIDTH * HEIGHT * 3);
for (let i = 0, x = 0x2545f491; i < GRAIN.length; i++) {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  // A sum of three uniform draws: close enough to Gaussian, ±24 at most.
  GRAIN[i] = ((x & 0xff) % 17) + (((x >>> 8) & 0xff) % 17) + (((x >>> 16) & 0xff) % 17) - 24;
}

/**
 * One photo's pixels, in plain loops (sharp's compositing is several times slower here): the
 * backdrop, the garment's drop shadow, the garment in its colour lit from the top left with a
 * twill's diagonal texture, and the grain over all of it.
 */
function paint(backdrop, mask, hex) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const out = Buffer.allocUnsafe(WIDTH * HEIGHT * 3);
  const shadowAt = (18 * WIDTH + 10) * 3;
  for (let y = 0, i = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++, i += 3) {
      const a = mask[i] / 255;
      const s = i >= shadowAt ? mask[i - shadowAt] / 255 : 0;
      let v0 = backdrop[i];
      let v1 = backdrop[i + 1];
      let v2 = backdrop[i + 2];
      if (a > 0 || s > 0) {
        const keep = (1 - a) * (1 - 0.28 * s * (1 - a));
        const lit = a * (1.18 - 0.2 * (x / WIDTH + y / HEIGHT)) * (((x + y) & 7) < 4 ? 1.07 : 0.93);
        v0 = v0 * keep + r * lit;
        v1 = v1 * keep + g * lit;
        v2 = v2 * keep + b * lit;
      }
      v0 += GRAIN[i];
      v1 += GRAIN[i + 1];
      v2 += GRAIN[i + 2];
      out[i] = v0 < 0 ? 0 : v0 > 255 ? 255 : v0;
      out[i + 1] = v1 < 0 ? 0 : v1 > 255 ? 255 : v1;
      out[i + 2] = v2 < 0 ? 0 : v2 > 255 ? 255 : v2;
    }
  }
  return out;
}

async function draw(key, shape, hex, view) {
  const file = join(CACHE_DIR, key);
  if (existsSync(file)) return readFileSync(file);
  if (!hex || !Object.hasOwn(SHAPES, shape)) throw new Error(`demo-photos: no drawing for ${key}`);
  const pixels = paint(await backdropOf(view), await maskOf(shape, view), hex);
  const jpeg = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, jpeg);
  return jpeg;
}

// The local state db-setup filled (its --persist-to), the shop's own by default.
const state = process.argv.find((a) => a.startsWith("--persist-to="))?.slice("--persist-to=".length) ?? STATE_DIR;
const { env, dispose } = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: join(state, "v3") } });
try {
  const { results } = await env.DB.prepare("SELECT DISTINCT url FROM images WHERE url LIKE '/photos/demo/%'").all();
  const hexOf = new Map((await env.DB.prepare("SELECT slug, hex FROM colors").all()).results.map((c) => [c.slug, c.hex]));
  const wanted = results.map((r) => DEMO.exec(r.url)).filter(Boolean);
  const missing = [];
  for (const m of wanted) if (!(await env.PHOTOS.head(m[1]))) missing.push(m);
  let bytes = 0;
  let next = 0;
  // libvips runs its own threads: one photo in flight per core keeps them all busy.
  const worker = async () => {
    for (let m = missing[next++]; m; m = missing[next++]) {
      const [, key, shape, color, view] = m;
      const jpeg = await draw(key, shape, hexOf.get(color), Number(view));
      bytes += jpeg.length;
      await env.PHOTOS.put(key, jpeg, {
        httpMetadata: { contentType: "image/jpeg", cacheControl: "public, max-age=31536000, immutable" },
        customMetadata: { width: String(WIDTH), height: String(HEIGHT) },
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  // A local D1 seeded before the demo had photos keeps its SVG rows (the seed never overwrites).
  const svgs = await env.DB.prepare("SELECT COUNT(*) AS n FROM images WHERE url LIKE '/img/%'").first("n");
  if (svgs > 0 && wanted.length === 0)
    console.warn(
      `demo photos: the local D1 still names ${svgs} SVG pictures of an older seed; for the photos, stop the server, rm -rf ${state} and start again`,
    );
  const mb = (bytes / 1024 / 1024).toFixed(1);
  console.log(`demo photos: ${wanted.length} named, ${missing.length} put into the local R2 (${mb} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await dispose();
}
