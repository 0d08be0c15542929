import { Buffer } from "node:buffer";

/**
 * React Router's module script, rewritten as the page streams to start after its first paint.
 *
 * `<Scripts>` writes a module script whose static imports (and the `modulepreload` links React
 * hoists into the head for it) make the browser fetch the page's ≈ 115 kB of JavaScript while it
 * is still parsing and laying out the document: on a slow phone that competes with the first paint
 * and the first screen's pictures, for a script the page does not need to be used (every flow
 * works as HTML). Rewritten, the same imports run as `import()` once the browser reports the first
 * contentful paint, after the script has added the same preloads, so the modules come in parallel,
 * not one level at a time (asked for after the first screen's pictures, which the browser serves
 * first at the same priority; a `fetchpriority` on a link added by script is not honoured for
 * module preloads). A hidden page (a background tab, a prerender) paints nothing: it loads at once,
 * as before, and so does a page hidden or shown before its first paint (a page hidden then reports
 * no paint until it is shown again); a paint that never comes is waited for 3 s at most.
 *
 * `deferScripts` does it on the HTML `entry.server.tsx` sends: React Router's own `<Scripts>`
 * renders as it is, no library file is edited (docs/decisions/201-deferred-scripts.md says why
 * this way and what was measured). It reads only the markup `<Scripts>` writes: what it does not
 * recognise goes out as React Router wrote it, so a change there costs the deferral, never the
 * hydration (tests/unit/deferred-scripts.test.ts renders the installed React Router's).
 */
/** A first paint that has not come by then (a page hidden before it) waits no longer, in ms. */
const FIRST_PAINT_AT_THE_LATEST = 3000;

const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"\n]+");?$\n?/gm;

export function deferUntilFirstPaint(script: string, preloads: readonly string[]): string {
  // On a page React Router renders without its route modules (no static imports) there is
  // nothing to hold back.
  if (!/\bimport\(/.test(script)) return script;
  const names: string[] = [];
  const modules: string[] = [];
  const body = script.replace(STATIC_IMPORT, (_, name: string | undefined, specifier: string) => {
    names.push(name ?? "");
    modules.push(`import(${specifier})`);
    return "";
  });
  if (/^\s*import[\s*{"']/m.test(body)) {
    // React Router writes an import this rewrite does not know: its script as it is (the page
    // still hydrates, its modules one level at a time without the preloads), and a line in the log.
    console.error(`deferred-scripts: an import of React Router's module script is not one this rewrite knows; sent as it is:\n${script}`);
    return script;
  }
  // Sent with every page: written tersely. `s`: started (the paint, a change of visibility and
  // the 3 s fallback all call). The route modules run in the order they arrive, not root first
  // (none has a side effect another waits for); a module that fails to load is thrown again in a
  // task of its own, so the page's error listeners see it as they saw the static import's.
  return [
    `let s=0;const load=()=>{if(s)return;s=1;`,
    `for(const h of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}`,
    `Promise.all([${modules.join(",")}]).then(([${names.join(",")}])=>{${compactManifest(body)}}).catch((e)=>setTimeout(()=>{throw e}))};`,
    `if(document.visibilityState==="hidden"||!PerformanceObserver.supportedEntryTypes?.includes("paint"))load();`,
    `else{new PerformanceObserver((l)=>{if(l.getEntriesByName("first-contentful-paint").length)load()}).observe({type:"paint",buffered:true});addEventListener("visibilitychange",load);setTimeout(load,${FIRST_PAINT_AT_THE_LATEST})}`,
  ].join("\n");
}

/** React Router writes the page's part of its manifest as indented JSON: the same, without the indentation. */
function compactManifest(body: string): string {
  return body.replace(/(window\.__reactRouterManifest = )(\{[\s\S]*?\n\});\n/, (whole, assignment: string, json: string) => {
    try {
      return `${assignment}${JSON.stringify(JSON.parse(json))};\n`;
    } catch {
      return whole;
    }
  });
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** What the rewrite looks for, as bytes: the page is searched (natively, `Buffer`'s search), never decoded whole. */
const [LINK, PRELOAD, HEAD_END, SCRIPT, MODULE, SCRIPT_END] = ["<link", 'rel="modulepreload"', "</head", "<script", 'type="module"', "</script>"].map((text) =>
  Buffer.from(text),
) as [Buffer, Buffer, Buffer, Buffer, Buffer, Buffer];

const LT = 0x3c;
const GT = 0x3e;

/** React Router's script, told from any other module script by what it sets. */
const ROUTER_SCRIPT = "window.__reactRouterRouteModules";

/** How much of the page one read takes (a whole shell, mostly: React's stream gives what it has). */
const READ_SIZE = 64 * 1024;

/**
 * The document's HTML with React Router's module preloads left out and its module script deferred
 * (`deferUntilFirstPaint`, preloading the links' modules in their order). React's stream is read
 * into large buffers until the script has gone by: piped through a TransformStream, workerd handed
 * it on in 4 kB pieces, and that cost more CPU than all of the rewrite's own work.
 */
export function deferScripts(html: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const read = readerOf(html);
  const rewrite = rewriter();
  return new ReadableStream({
    type: "bytes",
    async pull(controller) {
      // A pull that gives nothing (all of it held back) would not be called again: read on.
      for (;;) {
        const { value, done } = await read.next();
        const pieces = (done ? rewrite.end() : rewrite.next(value)).filter((piece) => piece.byteLength);
        // A byte stream takes a chunk's buffer over: pieces of one buffer go as one copy.
        if (pieces.length) controller.enqueue(pieces.length === 1 && pieces[0] === value ? (value as Uint8Array<ArrayBuffer>) : concat(...pieces));
        if (done) {
          controller.close();
          // A reader's pending buffer ends with it (the standard asks the source to say so).
          controller.byobRequest?.respond(0);
          return;
        }
        if (rewrite.passing()) read.plain();
        if (pieces.length) return;
      }
    },
    cancel: (reason) => read.cancel(reason),
  });
}

/**
 * Reads into large buffers (React's stream is a byte stream) until `plain()`, then chunks as they
 * come: the standard leaves a buffer read pending when React closes its stream (it never calls
 * `respond(0)`), so the end is read without one (workerd ends it either way).
 */
function readerOf(stream: ReadableStream<Uint8Array>) {
  let byob: ReadableStreamBYOBReader | undefined;
  try {
    byob = stream.getReader({ mode: "byob" });
  } catch {
    // Not a byte stream: its own chunks.
  }
  let plain = byob ? undefined : stream.getReader();
  return {
    async next(): Promise<{ value: Uint8Array; done: false } | { value?: undefined; done: true }> {
      const { value, done } = byob ? await byob.read(new Uint8Array(READ_SIZE)) : await plain!.read();
      return done || !value ? { done: true } : { value, done: false };
    },
    plain() {
      if (!byob) return;
      byob.releaseLock();
      byob = undefined;
      plain = stream.getReader();
    },
    cancel: (reason: unknown) => (byob ?? plain)!.cancel(reason),
  };
}

/**
 * The rewrite, piece by piece. The links are in the head (React hoists them), the script closes
 * the shell: once it has gone by, the streamed parts pass untouched. Nothing is held back but a tag
 * (or React Router's script) that has not finished streaming.
 */
function rewriter() {
  const preloads = new Set<string>();
  let held: Uint8Array | undefined;
  let inHead = true;
  let passing = false;
  return {
    passing: () => passing,
    next(chunk: Uint8Array): Uint8Array[] {
      if (passing) return [chunk];
      const bytes = held ? concat(held, chunk) : chunk;
      held = undefined;
      const page = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const out: Uint8Array[] = [];
      // A tag cut by the piece's end waits for the rest.
      const lastOpen = page.lastIndexOf(LT);
      let hold = lastOpen > page.lastIndexOf(GT) ? lastOpen : page.length;
      let sent = 0;
      let bodyStart = 0;
      if (inHead) {
        const headEnd = page.indexOf(HEAD_END);
        const limit = headEnd === -1 || headEnd >= hold ? hold : headEnd;
        const head = page.subarray(0, limit);
        for (let at = head.indexOf(PRELOAD); at !== -1; at = head.indexOf(PRELOAD, at + 1)) {
          const open = page.lastIndexOf(LT, at);
          const close = page.indexOf(GT, at);
          if (open < sent || LINK.compare(page, open, open + LINK.length) !== 0) continue;
          const href = /\bhref="([^"]*)"/.exec(decoder.decode(bytes.subarray(open, close)))?.[1];
          if (!href) continue;
          preloads.add(unescapeAttribute(href));
          out.push(bytes.subarray(sent, open));
          sent = close + 1;
        }
        if (limit === headEnd) {
          inHead = false;
          bodyStart = headEnd;
        }
      }
      // React Router's script, looked for from the end of what has come.
      for (let at = inHead ? -1 : page.lastIndexOf(MODULE, hold); at >= bodyStart; at = at > 0 ? page.lastIndexOf(MODULE, at - 1) : -1) {
        const open = page.lastIndexOf(SCRIPT, at);
        const close = page.indexOf(GT, open);
        if (open < bodyStart || close < at) continue;
        const end = page.indexOf(SCRIPT_END, close);
        if (end === -1) {
          // A module script whose end has not come: it waits for it.
          hold = open;
          break;
        }
        const script = decoder.decode(bytes.subarray(close + 1, end));
        if (!script.includes(ROUTER_SCRIPT)) continue;
        passing = true;
        return [...out, bytes.subarray(sent, close + 1), encoder.encode(deferUntilFirstPaint(script, [...preloads])), bytes.subarray(end)];
      }
      out.push(bytes.subarray(sent, Math.max(hold, sent)));
      if (hold < bytes.length) held = bytes.slice(Math.max(hold, sent));
      return out;
    },
    end: (): Uint8Array[] => (held ? [held] : []),
  };
}

function concat(...pieces: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(pieces.reduce((length, piece) => length + piece.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.byteLength;
  }
  return joined;
}

/** An attribute's value as React escaped it. */
function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|quot|#x27|lt|gt);/g, (_, name: string) => ({ amp: "&", quot: '"', "#x27": "'", lt: "<", gt: ">" })[name] ?? "");
}
