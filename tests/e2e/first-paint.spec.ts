// What the first paint waits for, on the production build. The stylesheet is in
// the document; the scripts the page hydrates with are asked for once it has painted, after the
// first screen's pictures; nothing moves once the page's script has run.
import { cards, expect, expectSameDocument, FIXTURES, markDocument, REVIEWED, test, whenHydrated } from "./support";

test("the stylesheet is inline, no request of its own, and stays one element across navigations", async ({ page, javaScriptEnabled: js }) => {
  await page.goto("/store");
  const sheets = () =>
    page.evaluate(() =>
      [...document.styleSheets].map((sheet) => ({
        href: sheet.href,
        key: (sheet.ownerNode as Element | null)?.getAttribute("data-href"),
        rules: sheet.cssRules.length,
      })),
    );
  const inline = (await sheets()).filter((sheet) => sheet.key === "app");
  expect(inline).toHaveLength(1);
  expect(inline[0]!.rules).toBeGreaterThan(100);
  expect((await sheets()).filter((sheet) => sheet.href !== null)).toEqual([]);
  // The styles apply: the card's picture box keeps its 3:4 shape.
  const box = (await cards(page).first().locator(".card__media").boundingBox())!;
  expect(box.height / box.width).toBeCloseTo(4 / 3, 1);

  // With JavaScript React adopts the server's <style> (its text is not in the scripts): after a
  // client-side navigation there is still exactly that one, with its rules.
  await whenHydrated(page.getByTestId("sort"), js);
  await markDocument(page, js);
  await cards(page).first().locator("a").first().click();
  await expect(page.getByTestId("product")).toBeVisible();
  await expectSameDocument(page, js);
  const after = (await sheets()).filter((sheet) => sheet.key === "app");
  expect(after).toHaveLength(1);
  expect(after[0]!.rules).toBe(inline[0]!.rules);
});

test("the first screen's pictures are asked for first, at high priority; the page's scripts only once it has painted", async ({
  page,
  javaScriptEnabled: js,
}) => {
  const response = (await page.goto(`/product/${FIXTURES.productOneSlug}`))!;
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  // The document asks for no script: no module preloads, no static import in its module script,
  // which waits for the first paint (JavaScript only: a lite page has no module script).
  expect(head).not.toContain('rel="modulepreload"');
  const moduleScript = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (js) {
    expect(moduleScript).toContain("first-contentful-paint");
    expect(moduleScript).not.toMatch(/^\s*import[\s*{"']/m);
  }
  const gallery = await page
    .locator(".gallery img")
    .evaluateAll((imgs) => imgs.map((img) => ({ src: img.getAttribute("src"), loading: img.getAttribute("loading") })));
  expect(gallery.map((img) => img.loading)).toEqual(gallery.map((_, i) => (i < 2 ? "eager" : "lazy")));
  const pictures = [...head.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => [/href="([^"]+)"/.exec(m[0])?.[1], /fetchPriority="([^"]+)"/i.exec(m[0])?.[1]]);
  expect(pictures).toEqual(gallery.slice(0, 2).map((img) => [img.src, "high"]));

  // A lite page (the no-JS project) has no script at all.
  if (!js) {
    expect(moduleScript).toBeUndefined();
    return;
  }
  // With JavaScript the page hydrates, and every module it loaded was asked for once the browser
  // had reported its first contentful paint, after the first screen's pictures.
  await whenHydrated(page.getByTestId("add-to-cart-button"), js);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    resources: performance
      .getEntriesByType("resource")
      .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime }))
      .filter((entry) => /^\/(?:assets|img|photos|cdn-cgi)\//.test(entry.url)),
    // The width each of the first two pictures took from its srcset (through the resizer).
    pictures: [...document.querySelectorAll<HTMLImageElement>(".gallery img")].slice(0, 2).map((img) => new URL(img.currentSrc).pathname),
  }));
  const modules = timing.resources.filter((entry) => entry.url.endsWith(".js"));
  expect(modules.length).toBeGreaterThan(2);
  // The script preloads every module the page loads (in parallel, not one import level at a time).
  const preloads = JSON.parse(/for\s*\(const \w+ of (\[[^\]]*\])\)/.exec(moduleScript!)![1]!) as string[];
  expect(new Set(preloads)).toEqual(new Set(modules.map((module) => module.url)));
  for (const module of modules) expect(module.start, module.url).toBeGreaterThanOrEqual(timing.paint);
  for (const picture of timing.pictures) {
    const start = timing.resources.find((entry) => entry.url === picture)?.start;
    expect(start, picture).toBeLessThan(Math.min(...modules.map((module) => module.start)));
  }
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1024, height: 900 },
  { width: 1280, height: 900 },
]) {
  test(`nothing on the first screen moves when the page's script runs, and the page keeps its data (${viewport.width} px)`, async ({
    page,
    javaScriptEnabled: js,
  }) => {
    await page.setViewportSize(viewport);
    // The shifts the browser recorded (buffered entries) from when the page's first module was
    // asked for (its script starts after the first paint), but those of the product page's
    // streamed parts arriving (their placeholders' height is not the content's: on a desktop
    // screen a late related grid moves itself and the footer). Before it,
    // the header may be laid out while the parser is still in it (a row whose later items have
    // not come yet): that is the document's own loading, which the Lighthouse audit's CLS holds.
    const shifted = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let sum = 0;
            const scriptStart = Math.min(
              ...performance
                .getEntriesByType("resource")
                .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
                .map((entry) => entry.startTime),
            );
            const streamed = (node: Node | null) => !!(node as Element | null)?.closest?.("#reviews, .related, .site-footer");
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as { value: number; startTime: number; sources: { node: Node | null }[] }[])
                if (entry.startTime >= scriptStart && !entry.sources.every((source) => streamed(source.node))) sum += entry.value;
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(sum), 200);
          }),
      );
    // A hydration that drops server HTML (a streamed part rendered anew) reloads the page's data.
    const dataReloads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataReloads.push(request.url());
    });
    for (const path of ["/store/women/footwear", "/ru/search?q=krossovka", `/product/${FIXTURES.productOneSlug}`, `/ru/product/${REVIEWED.many}`, "/"]) {
      await page.goto(path);
      // With JavaScript: once hydrated, when the Apply buttons it hides are gone.
      if (js && !path.includes("/product/") && path !== "/") await expect(page.getByTestId("sort-apply")).toBeHidden();
      if (path.includes("/product/")) await expect(page.getByTestId("product-card").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      // A lite page has no script to move anything (and the browser runs no observer callback for us).
      if (js) expect(await shifted(), path).toBe(0);
    }
    expect(dataReloads).toEqual([]);
  });
}

test("the related products' placeholder is as tall as the grid that takes its place", async ({ page }) => {
  for (const width of [390, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/product/${FIXTURES.productOneSlug}`);
    await expect(page.locator(".related .card")).toHaveCount(8);
    // The fallback the server sends before the grid, measured in the grid's place.
    const [grid, placeholder] = await page.locator(".related").evaluate((related) => {
      const real = related.querySelector(".grid")!.getBoundingClientRect().height;
      const fallback = Object.assign(document.createElement("div"), { className: "grid grid--placeholder" });
      related.append(fallback);
      const height = fallback.getBoundingClientRect().height;
      fallback.remove();
      return [real, height];
    });
    expect(Math.abs(placeholder - grid) / grid, `${width} px: ${placeholder} for ${grid}`).toBeLessThan(0.05);
  }
});
