import { describe, expect, it } from "vitest";
import { fx, html } from "./helpers";

describe("pages", () => {
  it("renders home in the default language", async () => {
    const { res, body } = await html("/");
    expect(res.status).toBe(200);
    expect(body).toContain('<html lang="uz-Latn"');
  });
  it("renders a product", async () => {
    const { res, body } = await html(`/ru/product/${fx.saleProductSlug}`);
    expect(res.status).toBe(200);
    expect(body).toContain('<html lang="ru"');
  });
});
