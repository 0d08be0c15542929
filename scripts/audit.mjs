// Lighthouse (mobile preset, its default simulated throttling) on the shop's key pages, in Debian's
// Chromium, against the production build the bench serves: the median of AUDIT_RUNS runs (3) per
// page and language. Called by `npm run bench` (and `npm run audit`, which runs only this part).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * pages: [{ name, path, cookie?, indexable }] (paths without a language prefix); returns one row per
 * page and language: the four scores (0–100), first and largest contentful paint (ms).
 */
export async function lighthouseRows(base, pages, { runs = Number(process.env.AUDIT_RUNS) || 3, langs = ["uz", "ru"] } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
  });
  const rows = [];
  try {
    for (const page of pages) {
      for (const lang of langs) {
        const url = base + (lang === "uz" ? page.path : `/${lang}${page.path === "/" ? "" : page.path}`);
        const samples = [];
        for (let i = 0; i < runs; i++) {
          const { lhr } = await lighthouse(url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: CATEGORIES,
            ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
          });
          samples.push({
            scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
            fcp: lhr.audits["first-contentful-paint"].numericValue,
            lcp: lhr.audits["largest-contentful-paint"].numericValue,
            failing: Object.values(lhr.audits)
              .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
              .map((a) => a.id),
          });
        }
        rows.push({
          name: page.name,
          lang,
          indexable: page.indexable,
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(samples.map((s) => s.scores[c]))])),
          fcp: median(samples.map((s) => s.fcp)),
          lcp: median(samples.map((s) => s.lcp)),
          failing: [...new Set(samples.flatMap((s) => s.failing))],
        });
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
