import { createElement as h, Suspense } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { Await, createRequestHandler, Links, Outlet, Scripts, ServerRouter, useLoaderData, type EntryContext, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { deferScripts, deferUntilFirstPaint } from "../../app/server/deferred-scripts.server.ts";

// The page's scripts start after its first paint: entry.server's rewrite of the HTML React
// Router's <Scripts> writes (deferScripts), and the module script it writes instead.

// React Router's module script for a catalogue page, as its production build writes it.
const routerScript = `;
import * as route0 from "/assets/root-X.js";
import * as route1 from "/assets/catalogue-Y.js";
  window.__reactRouterManifest = {
  "entry": {"module": "/assets/entry.client-Z.js", "imports": ["/assets/app-A.js"]},
  "url": "/assets/manifest-1.js"
};
  window.__reactRouterRouteModules = {"root":route0,"routes/catalogue":route1};

import("/assets/entry.client-Z.js");`;

const preloads = ["/assets/entry.client-Z.js", "/assets/app-A.js", "/assets/root-X.js", "/assets/catalogue-Y.js"];

/** Runs a rewritten script in a stand-in browser and records what it asks for, in order. */
function run(script: string, page: { visibility: "visible" | "hidden"; paintTiming?: boolean; missing?: string }) {
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const addEventListener = (type: string, listener: () => void) => (listeners[type] = listener);
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  const timers: (() => void)[] = [];
  const window: Record<string, unknown> = {};
  const document = {
    visibilityState: page.visibility,
    createElement: () => ({}) as Record<string, string>,
    head: { append: (link: Record<string, string>) => events.push(`link ${link.rel} ${link.href}`) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = page.paintTiming === false ? ["resource"] : ["paint", "resource"];
    constructor(private callback: (typeof observers)[number]) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      observers.push(this.callback);
    }
  }
  const setTimeout = (callback: () => void, ms?: number) => {
    events.push(`timer ${ms ?? 0}`);
    timers.push(callback);
  };
  const load = (specifier: string) => {
    events.push(`import ${specifier}`);
    return specifier === page.missing ? Promise.reject(new TypeError(`Failed to fetch ${specifier}`)) : Promise.resolve({ from: specifier });
  };
  // `import(` is syntax, not a function: give the script one it can call.
  new Function("window", "document", "PerformanceObserver", "setTimeout", "addEventListener", "__import", script.replaceAll("import(", "__import("))(
    window,
    document,
    PerformanceObserver,
    setTimeout,
    addEventListener,
    load,
  );
  const paint = (name: string) => {
    events.push(name);
    for (const observer of observers) observer({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  };
  const settle = () => new Promise((resolve) => globalThis.setTimeout(resolve));
  return { events, window, paint, timeout: () => timers.shift()?.(), settle, dispatch: (type: string) => listeners[type]?.() };
}

describe("deferUntilFirstPaint", () => {
  it("asks for nothing until the browser reports the first contentful paint, then preloads every module and runs the imports", async () => {
    const page = run(deferUntilFirstPaint(routerScript, preloads), { visibility: "visible" });
    page.paint("first-paint");
    await page.settle();
    expect(page.events).toEqual(["timer 3000", "first-paint"]);
    page.paint("first-contentful-paint");
    await page.settle();
    expect(page.events).toEqual([
      "timer 3000",
      "first-paint",
      "first-contentful-paint",
      ...preloads.map((href) => `link modulepreload ${href}`),
      "import /assets/root-X.js",
      "import /assets/catalogue-Y.js",
      // The entry (which hydrates) only once the route modules are in place, as in React Router's.
      "import /assets/entry.client-Z.js",
    ]);
    expect(page.window.__reactRouterRouteModules).toEqual({ root: { from: "/assets/root-X.js" }, "routes/catalogue": { from: "/assets/catalogue-Y.js" } });
    expect(page.window.__reactRouterManifest).toMatchObject({ url: "/assets/manifest-1.js" });
    // The manifest's JSON travels without React Router's indentation.
    expect(deferUntilFirstPaint(routerScript, preloads)).toContain(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-Z.js","imports":["/assets/app-A.js"]},"url":"/assets/manifest-1.js"};',
    );
    // The 3 s fallback, when it fires after all, loads nothing twice.
    const before = page.events.length;
    page.timeout();
    await page.settle();
    expect(page.events).toHaveLength(before);
  });

  // The 3 s fallback, and a page hidden or shown before its first paint (a hidden page reports none until shown).
  it.each([
    ["the 3 s are over with no paint reported", (page: ReturnType<typeof run>) => page.timeout()],
    ["the page is hidden or shown before its first paint", (page: ReturnType<typeof run>) => page.dispatch("visibilitychange")],
  ])("loads when %s, and only once", async (_, trigger) => {
    const page = run(deferUntilFirstPaint(routerScript, preloads), { visibility: "visible" });
    await page.settle();
    expect(page.events).toEqual(["timer 3000"]);
    trigger(page);
    await page.settle();
    expect(page.events.at(-1)).toBe("import /assets/entry.client-Z.js");
    page.paint("first-contentful-paint");
    await page.settle();
    expect(page.events.filter((event) => event.startsWith("import"))).toHaveLength(3);
  });

  it("throws a module that failed to load again in a task of its own, as the static import's failure was reported", async () => {
    const page = run(deferUntilFirstPaint(routerScript, preloads), { visibility: "hidden", missing: "/assets/catalogue-Y.js" });
    await page.settle();
    expect(page.events).not.toContain("import /assets/entry.client-Z.js");
    expect(page.events.at(-1)).toBe("timer 0");
    expect(() => page.timeout()).toThrow("Failed to fetch /assets/catalogue-Y.js");
  });

  it("loads at once on a hidden page, which paints nothing, and where the browser does not report paints", async () => {
    for (const page of [
      run(deferUntilFirstPaint(routerScript, preloads), { visibility: "hidden" }),
      run(deferUntilFirstPaint(routerScript, preloads), { visibility: "visible", paintTiming: false }),
    ]) {
      await page.settle();
      expect(page.events.at(-1)).toBe("import /assets/entry.client-Z.js");
      expect(page.events).not.toContain("timer 3000");
    }
  });

  it("keeps a bare import (the manifest's module when routes are not discovered lazily) and split route chunks", async () => {
    const script = `import "/assets/manifest-1.js";
import * as route0_clientLoader from "/assets/root-loader.js";
import * as route0_main from "/assets/root-X.js";
const route0 = {...route0_clientLoader,...route0_main};
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-Z.js");`;
    const page = run(deferUntilFirstPaint(script, ["/assets/manifest-1.js"]), { visibility: "hidden" });
    await page.settle();
    expect(page.events.filter((event) => event.startsWith("import"))).toEqual([
      "import /assets/manifest-1.js",
      "import /assets/root-loader.js",
      "import /assets/root-X.js",
      "import /assets/entry.client-Z.js",
    ]);
    expect(page.window.__reactRouterRouteModules).toEqual({ root: { from: "/assets/root-X.js" } });
  });

  it("leaves a script without imports alone, and one with an import it does not know as React Router wrote it (logged)", () => {
    expect(deferUntilFirstPaint(" ", preloads)).toBe(" ");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const unknown = `import { a } from "/x.js";\n${routerScript}`;
    expect(deferUntilFirstPaint(unknown, preloads)).toBe(unknown);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/not one this rewrite knows/));
    error.mockRestore();
  });

  it("leaves no empty line where an import was", () => {
    expect(deferUntilFirstPaint(routerScript, preloads)).not.toMatch(/\n\s*\n\s*window\.__reactRouterManifest/);
  });
});

const noClientCode = {
  hasAction: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  hasDefaultExport: true,
};

describe("deferScripts on the installed React Router's <Scripts>", () => {
  const manifest = {
    entry: { module: "/assets/entry.client-Z.js", imports: ["/assets/runtime-R.js", "/assets/app-A.js"] },
    routes: {
      root: { id: "root", path: "", module: "/assets/root-X.js", imports: ["/assets/app-A.js"], hasLoader: false, ...noClientCode },
      "routes/page": {
        id: "routes/page",
        parentId: "root",
        path: "page",
        module: "/assets/page-Y.js",
        imports: ["/assets/app-A.js", "/assets/card-C.js"],
        hasLoader: true,
        ...noClientCode,
      },
    },
    url: "/assets/manifest-1.js",
    version: "1",
  };
  const preloads = ["/assets/entry.client-Z.js", "/assets/runtime-R.js", "/assets/app-A.js", "/assets/root-X.js", "/assets/page-Y.js", "/assets/card-C.js"];

  /** A page with a part that streams after the shell (released by `release`), in Uzbek, Russian and an emoji, whose text reaches the script too. */
  function page() {
    let release = () => {};
    const later = new Promise<string>((resolve) => (release = () => resolve("Oʻxshash: «нові» 🧥")));
    const Root = () =>
      h("html", { lang: "uz" }, h("head", null, h("meta", { charSet: "utf-8" }), h(Links)), h("body", null, h(Outlet), h(Scripts, { nonce: "n0nce" })));
    const Page = () => {
      const { related } = useLoaderData<{ related: Promise<string> }>();
      return h(
        "main",
        null,
        h("h1", null, "Koʻylak — Сорочка"),
        h(Suspense, { fallback: h("p", null, "…") }, h(Await, { resolve: related, children: (text: unknown) => h("p", null, String(text)) })),
      );
    };
    const build = {
      entry: { module: { default: (request: Request, status: number, headers: Headers, context: EntryContext) => handle(request, status, headers, context) } },
      routes: {
        root: { id: "root", path: "", module: { default: Root } },
        "routes/page": { id: "routes/page", parentId: "root", path: "page", module: { default: Page, loader: () => ({ related: later }) } },
      },
      assets: manifest,
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    } as unknown as ServerBuild;
    let rewrite = true;
    async function handle(request: Request, status: number, headers: Headers, context: EntryContext) {
      const body = await renderToReadableStream(h(ServerRouter, { context, url: request.url, nonce: "n0nce" }), { nonce: "n0nce" });
      return new Response(rewrite ? deferScripts(body) : body, { status, headers });
    }
    const handler = createRequestHandler(build, "production");
    return {
      release,
      /** The page's response body, as entry.server sends it or (`rewrite: false`) as React Router wrote it. */
      async render(options = { rewrite: true }) {
        rewrite = options.rewrite;
        return (await handler(new Request("http://shop.test/page"))).body!;
      },
    };
  }

  const read = (body: ReadableStream<Uint8Array>) => new Response(body).text();
  const moduleScript = (html: string) => /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g)].map((m) => m[1]);

  it("writes what React Router writes, less its module preloads, with its module script deferred over the links' modules", async () => {
    const original = page();
    const rendered = original.render({ rewrite: false });
    original.release();
    const html = await read(await rendered);
    // React Router's own document: the preloads in the head, the module script's static imports.
    expect(links(html)).toEqual(preloads);
    const script = moduleScript(html)!;
    expect(script).toMatch(/^import \* as route1 from "\/assets\/page-Y\.js";$/m);

    const deferred = await read(deferScripts(new Response(html).body!));
    expect(links(deferred)).toEqual([]);
    expect(moduleScript(deferred)).toBe(deferUntilFirstPaint(script, preloads));
    expect(moduleScript(deferred)).toContain(`for(const h of ${JSON.stringify(preloads)})`);
    // Everything else as React Router wrote it, the streamed part's data included.
    const expected = html.replace(/<link rel="modulepreload"[^>]*\/>/g, "").replace(script, () => deferUntilFirstPaint(script, preloads));
    expect(deferred).toBe(expected);
    expect(deferred).toContain("«нові» 🧥");
  });

  it("sends the document up to the script before a streamed part has come, and that part untouched after it", async () => {
    const streamed = page();
    const reader = (await streamed.render()).getReader();
    const decoder = new TextDecoder();
    let shell = "";
    while (!shell.includes("</script>", shell.indexOf('type="module"'))) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the document ended before React Router's module script");
      shell += decoder.decode(value, { stream: true });
    }
    expect(shell).toContain("first-contentful-paint");
    expect(shell).not.toContain("🧥");
    streamed.release();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += decoder.decode(r.value, { stream: true });
    expect(rest).toContain("🧥");
  });

  it("gives the same document however the stream is cut (inside a tag, the script or a character)", async () => {
    const whole = page();
    const body = whole.render({ rewrite: false });
    whole.release();
    const bytes = new Uint8Array(await new Response(await body).arrayBuffer());
    const once = await read(deferScripts(new Response(bytes).body!));
    // React's stream is a byte stream (read into large buffers), another one gives its own chunks.
    for (const type of ["bytes", undefined] as const) {
      for (const size of [1, 2, 3, 7, 100, 1000]) {
        let at = 0;
        const pieces = new ReadableStream({
          type,
          pull(controller: ReadableByteStreamController | ReadableStreamDefaultController<Uint8Array>) {
            if (at >= bytes.length) return controller.close();
            controller.enqueue(bytes.slice(at, (at += size)));
          },
        } as UnderlyingByteSource);
        expect(await read(deferScripts(pieces)), `${type ?? "default"} stream, pieces of ${size} bytes`).toBe(once);
      }
    }
    expect(once).toContain("Koʻylak — Сорочка");
  });

  it("passes a document without React Router's script on as it came, another module script included", async () => {
    const html = '<!DOCTYPE html><html><head><script type="module">import "/x.js";</script></head><body><p>Oʻzbek — «рус»</p></body></html>';
    expect(await read(deferScripts(new Response(html).body!))).toBe(html);
  });
});
