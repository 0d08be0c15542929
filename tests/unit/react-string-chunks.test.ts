import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { patchReactEdgeServer, REACT_EDGE_SERVER } from "../../scripts/vite-react-string-chunks.ts";

// The build step that keeps React's server markup as strings until a flush (scripts/vite-react-string-chunks.ts).

const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve("react-dom/package.json")), "cjs/react-dom-server.edge.production.js");
const source = readFileSync(file, "utf8");

// React's production builds throughout (the renderer's hooks live in the React it requires).
const reactDir = dirname(require.resolve("react/package.json"));
const productionReact = require(join(reactDir, "cjs/react.production.js")) as typeof import("react");
const reactDomDir = dirname(require.resolve("react-dom/package.json"));
const productionRequire = (id: string) =>
  id === "react" ? productionReact : id === "react-dom" ? require(join(reactDomDir, "cjs/react-dom.production.js")) : require(id);
const { createElement: h, Suspense, use } = productionReact;

type EdgeServer = { renderToReadableStream: (element: React.ReactNode, options?: object) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }> };

/** The React edge server module from its source text (CommonJS), patched or not. */
function load(code: string): EdgeServer {
  const module = { exports: {} as EdgeServer };
  new Function("module", "exports", "require", code)(module, module.exports, productionRequire);
  return module.exports;
}

/** Reads from the start (no allReady); `afterShell` runs once the first piece is read (to resolve data later). */
async function render(server: EdgeServer, element: React.ReactNode, options: object = {}, afterShell?: () => void) {
  const stream = await server.renderToReadableStream(element, options);
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    parts.push(r.value);
    if (parts.length === 1) afterShell?.();
  }
  return { parts, html: new TextDecoder().decode(Buffer.concat(parts)) };
}

describe("React's edge renderer with string chunks", () => {
  it("applies to the installed React, every replacement exactly once", () => {
    expect(REACT_EDGE_SERVER.test(file)).toBe(true);
    expect(() => patchReactEdgeServer(source)).not.toThrow();
  });

  it("refuses a React whose code it does not recognise", () => {
    expect(() => patchReactEdgeServer(source.replace("function completeWriting(destination) {\n", "function completeWriting(d) {\n"))).toThrow(/React changed/);
  });

  it("writes the same bytes as React itself, in fewer pieces", async () => {
    const page = (items: number) =>
      h(
        "html",
        { lang: "uz" },
        h("head", null, h("title", null, "Oʻzbegim — Libos")),
        h(
          "body",
          null,
          h(
            "ul",
            { className: "list" },
            Array.from({ length: items }, (_, i) =>
              h("li", { key: i, "data-i": i }, h("a", { href: `/product/${i}?a=1&b="2"` }, `Ko'ylak №${i} — «нова» <b>`)),
            ),
          ),
        ),
      );
    const original = load(source);
    const patched = load(patchReactEdgeServer(source));
    for (const items of [0, 3, 500]) {
      const a = await render(original, page(items), { nonce: "n0nce", bootstrapScriptContent: "window.x=1" });
      const b = await render(patched, page(items), { nonce: "n0nce", bootstrapScriptContent: "window.x=1" });
      expect(b.html).toBe(a.html);
      expect(b.parts.length).toBeLessThanOrEqual(a.parts.length);
    }
  });

  it("streams a Suspense boundary that resolves later the same way (outlined, with its script)", async () => {
    const Related = ({ items }: { items: Promise<string> }) => h("p", { className: "related" }, use(items));
    const streamed = async (server: EdgeServer) => {
      let resolve = (_: string) => {};
      const items = new Promise<string>((r) => (resolve = r));
      const page = h("main", null, h("h1", null, "Mahsulot"), h(Suspense, { fallback: h("p", null, "…") }, h(Related, { items })));
      // The data arrives after the shell has gone out, as a slow query's would.
      return render(server, page, { nonce: "n0nce", progressiveChunkSize: 16 }, () => resolve("Oʻxshash mahsulotlar: 8 ta"));
    };
    const a = await streamed(load(source));
    const b = await streamed(load(patchReactEdgeServer(source)));
    expect(a.html).toContain("$RC");
    expect(b.html).toBe(a.html);
  });

  it("outlines a finished boundary past React's chunk size as React does, counting characters for bytes", async () => {
    const Text = ({ text }: { text: Promise<string> }) => h("p", null, use(text));
    const whenDone = async (server: EdgeServer, text: string) => {
      const page = h("main", null, h(Suspense, { fallback: h("p", null, "…") }, h(Text, { text: Promise.resolve(text) })));
      const stream = await server.renderToReadableStream(page, { nonce: "n0nce" });
      await stream.allReady;
      return new Response(stream).text();
    };
    const outlined = (html: string) => html.includes("$RC");
    const [original, patched] = [load(source), load(patchReactEdgeServer(source))];
    // Far from the 12.8 kB threshold either way, or plain ASCII: the same stream as React's.
    for (const text of ["plain ".repeat(1_400), "plain ".repeat(2_400), "Кириллица ".repeat(300), "Кириллица ".repeat(1_400), "Oʻzbek 🧥 ".repeat(1_500)]) {
      const [a, b] = [await whenDone(original, text), await whenDone(patched, text)];
      expect(b, text.slice(0, 12)).toBe(a);
    }
    // ~8 000 characters of Cyrillic: 14.4 kB as UTF-8 (React outlines it), 8 000 as counted here (inlined, the same markup).
    const cyrillic = "Кириллица ".repeat(800);
    const [a, b] = [await whenDone(original, cyrillic), await whenDone(patched, cyrillic)];
    expect(outlined(a)).toBe(true);
    expect(outlined(b)).toBe(false);
    expect(b).toContain(cyrillic);
  });

  it("keeps concurrent renders apart and ends an aborted one as React does", async () => {
    const Slow = ({ value }: { value: Promise<string> }) => h("span", null, use(value));
    // No timers: the same steps in the same order for both renderers (deterministic output).
    const scenario = async (server: EdgeServer) => {
      const resolvers = new Map<string, (value: string) => void>();
      const pending = (key: string) => new Promise<string>((resolve) => resolvers.set(key, resolve));
      const page = (name: string) =>
        h(
          "section",
          { id: name },
          ["x", "y", "z"].map((k) => h(Suspense, { key: k, fallback: h("i", null, "…") }, h(Slow, { value: pending(`${name}:${k}`) }))),
        );
      const streams = await Promise.all(["a", "b", "c"].map((name) => server.renderToReadableStream(page(name), { nonce: "n0nce" })));
      const aborted = new AbortController();
      const cut = await server.renderToReadableStream(h("div", null, h(Suspense, { fallback: h("i", null, "…") }, h(Slow, { value: pending("never") }))), {
        signal: aborted.signal,
        onError: () => "aborted",
      });
      const readers = [...streams, cut].map((stream) => stream.getReader());
      const texts = readers.map(() => "");
      const decoder = new TextDecoder();
      const readOnce = async (i: number) => {
        const r = await readers[i]!.read();
        if (!r.done) texts[i] += decoder.decode(r.value);
        return r.done;
      };
      for (let i = 0; i < readers.length; i++) await readOnce(i); // every shell first
      for (const key of ["b:y", "a:z", "c:x", "a:x", "b:z", "c:z", "a:y", "b:x", "c:y"]) resolvers.get(key)!(key);
      aborted.abort("test");
      const done = readers.map(() => false);
      while (done.includes(false)) for (let i = 0; i < readers.length; i++) if (!done[i]) done[i] = await readOnce(i); // interleaved pulls
      return texts;
    };
    const original = await scenario(load(source));
    const patched = await scenario(load(patchReactEdgeServer(source)));
    expect(patched).toEqual(original);
    expect(patched[0]).toContain("a:z");
    expect(patched[0]).not.toContain("b:");
    expect(patched[3]).not.toContain("never");
  });
});
