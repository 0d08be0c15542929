import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { byNewest, catalogue, get, headOf, html, products, section, tags } from "./helpers";

describe("product images (generated SVG silhouettes)", () => {
  it("every seed image URL is an SVG in its color", async () => {
    const urls = [...new Set(catalogue.images.map((i) => i.url))];
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      const [, , , color] = url.split("/");
      const hex = catalogue.colors.find((c) => c.slug === color)!.hex;
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
  const WIDTHS = [320, 640, 960, 1280, 1920];
  const srcsetOf = (path: string) => WIDTHS.map((w) => `/cdn-cgi/image/width=${w},fit=scale-down,format=auto${path} ${w}w`).join(", ");

  it("a product whose picture is a photo offers it through the resizer: the card, the gallery and their preloads", async () => {
    // The newest product (the first card of /store) gets a photo instead of its silhouette.
    const p = [...products].sort(byNewest)[0]!;
    const photo = `/photos/${p.id}/front.jpg`;
    await env.DB.prepare("UPDATE images SET url = ?1 WHERE product_id = ?2 AND position = (SELECT MIN(position) FROM images WHERE product_id = ?2)")
      .bind(photo, p.id)
      .run();

    const store = (await html("/store")).body;
    const card = tags(section(store, '<div class="grid"', "</article>"), "img")[0]!;
    expect(card).toMatchObject({ src: photo, srcset: srcsetOf(photo), sizes: "(min-width: 1025px) 25vw, (min-width: 768px) 32vw, 50vw", loading: "eager" });
    expect(Number(card.width) / Number(card.height)).toBe(3 / 4);
    const cardPreload = tags(headOf(store), "link").find((link) => link.rel === "preload" && link.href === photo)!;
    expect(cardPreload).toMatchObject({ imagesrcset: srcsetOf(photo), imagesizes: card.sizes });

    const page = (await html(`/product/${p.slug}`)).body;
    const gallery = tags(section(page, '<section class="gallery"', "</section>"), "img");
    expect(gallery[0]).toMatchObject({ src: photo, srcset: srcsetOf(photo), sizes: "(min-width: 768px) 54vw, 85vw", fetchpriority: "high" });
    // The silhouettes after it stay single vector files.
    for (const img of gallery.slice(1)) expect(img.srcset, img.src).toBeUndefined();
    const preload = tags(headOf(page), "link").find((link) => link.rel === "preload" && link.href === photo)!;
    expect(preload).toMatchObject({ imagesrcset: srcsetOf(photo), imagesizes: gallery[0]!.sizes });
  });

  it("the local stand-in for the resizer sends the browser to the picture as it is, for the shop's own paths only", async () => {
    const res = await get("/cdn-cgi/image/width=640,fit=scale-down,format=auto/img/shoe/green/1.svg", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/img/shoe/green/1.svg");
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
