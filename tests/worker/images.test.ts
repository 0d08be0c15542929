import { describe, expect, it } from "vitest";
import { byNewest, catalogue, get, headOf, html, products, section, tags } from "./helpers";

describe("silhouettes (SVG pictures an imported product may name)", () => {
  it("every shape of the catalogue in every colour is an SVG in that colour", async () => {
    const shapes = [...new Set(catalogue.products.map((p) => p.shape))];
    expect(shapes.length).toBeGreaterThan(5);
    for (const shape of shapes)
      for (const { slug, hex } of catalogue.colors) {
        const url = `/img/${shape}/${slug}/1.svg`;
        const res = await get(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get("Content-Type"), url).toBe("image/svg+xml");
        expect(res.headers.get("Cache-Control"), url).toBe("public, max-age=31536000, immutable");
        const svg = await res.text();
        expect(svg, url).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        expect(svg, url).toContain(`fill="${hex}"`);
        expect(svg, url).not.toContain("<script");
      }
  });

  it("views differ (front, mirrored, close-up)", async () => {
    const bodies = await Promise.all([1, 2, 3].map(async (v) => (await get(`/img/sneaker/khaki/${v}.svg`)).text()));
    expect(new Set(bodies).size).toBe(3);
    expect(bodies[1]).toContain("scale(-1 1)");
  });

  for (const url of [
    "/img/robot/khaki/1.svg",
    "/img/sneaker/purple/1.svg",
    "/img/sneaker/KHAKI/1.svg",
    "/img/sneaker/khaki/0.svg",
    "/img/sneaker/khaki/4.svg",
    "/img/sneaker/khaki/11.svg",
    "/img/sneaker/khaki/1.png",
    "/img/sneaker/khaki/1.svgz",
    "/img/sneaker/khaki/one.svg",
    "/img/__proto__/khaki/1.svg",
    "/img/constructor/khaki/1.svg",
    "/img/sneaker/%27%20OR%201%3D1--/1.svg",
    "/img/sneaker/khaki",
  ]) {
    it(`${url} → 404`, async () => {
      const res = await get(url);
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).not.toBe("image/svg+xml");
      await res.body?.cancel();
    });
  }
});

describe("photos in the sizes a screen needs", () => {
  const WIDTHS = [320, 480, 640, 960, 1280, 1920];
  const srcsetOf = (path: string) => WIDTHS.map((w) => `/cdn-cgi/image/width=${w},fit=scale-down,format=auto${path} ${w}w`).join(", ");

  it("the demo catalogue's pictures are photos, offered through the resizer: the card, the gallery and their preloads", async () => {
    const p = [...products].sort(byNewest)[0]!;
    const photos = catalogue.images.filter((i) => i.product_id === p.id).map((i) => i.url);
    expect(photos[0]).toMatch(/^\/photos\/demo\/1\/[a-z]+\/[a-z-]+\/1\.jpg$/);

    const store = (await html("/store")).body;
    const card = tags(section(store, '<div class="grid"', "</article>"), "img")[0]!;
    expect(card).toMatchObject({
      src: photos[0],
      srcset: srcsetOf(photos[0]!),
      sizes: "(min-width: 1025px) 25vw, (min-width: 768px) 32vw, 50vw",
      loading: "eager",
    });
    expect([card.width, card.height]).toEqual(["1200", "1600"]);
    const cardPreload = tags(headOf(store), "link").find((link) => link.rel === "preload" && link.href === photos[0])!;
    expect(cardPreload).toMatchObject({ imagesrcset: srcsetOf(photos[0]!), imagesizes: card.sizes });
    // A phone preloads its first row's two cards; a tablet a third, a desktop a fourth.
    const cardPreloads = tags(headOf(store), "link").filter((link) => link.rel === "preload" && link.as === "image");
    expect(cardPreloads.map((link) => link.media ?? null)).toEqual([null, null, "(min-width: 768px)", "(min-width: 1025px)"]);

    const page = (await html(`/product/${p.slug}`)).body;
    const gallery = tags(section(page, '<section class="gallery"', "</section>"), "img");
    expect(gallery.map((img) => img.src)).toEqual(photos);
    expect(gallery[0]).toMatchObject({ srcset: srcsetOf(photos[0]!), sizes: "(min-width: 768px) 54vw, 85vw", fetchpriority: "high" });
    for (const img of gallery) expect([img.srcset, img.width, img.height], img.src).toEqual([srcsetOf(img.src!), "1200", "1600"]);
    const preload = tags(headOf(page), "link").find((link) => link.rel === "preload" && link.href === photos[0])!;
    expect(preload).toMatchObject({ imagesrcset: srcsetOf(photos[0]!), imagesizes: gallery[0]!.sizes });
  });

  it("the local stand-in for the resizer sends a vector picture as it is (as Cloudflare does), for the shop's own paths only", async () => {
    const res = await get("/cdn-cgi/image/width=640,fit=scale-down,format=auto/img/shoe/green/1.svg", { headers: { Accept: "image/webp" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await res.text()).toBe(await (await get("/img/shoe/green/1.svg")).text());
    for (const url of [
      "/cdn-cgi/image/width=640,format=auto/img/shoe/green/1.svg",
      "/cdn-cgi/image/width=640,fit=scale-down,format=auto//evil.example/x.jpg",
      "/cdn-cgi/image/width=640,fit=scale-down,format=auto/https://evil.example/x.jpg",
      "/cdn-cgi/image/width=640,fit=scale-down,format=auto/img/../../x.jpg",
    ]) {
      const refused = await get(url, { redirect: "manual" });
      expect(refused.status, url).toBe(404);
      await refused.body?.cancel();
    }
  });
});
