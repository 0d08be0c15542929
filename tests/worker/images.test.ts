import { describe, expect, it } from "vitest";
import { catalogue, get } from "./helpers";

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
