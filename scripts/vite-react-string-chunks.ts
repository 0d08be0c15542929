import type { Plugin } from "vite";
import { applyPatches } from "./vite-patch.ts";

/**
 * React's edge server renderer (react-dom-server.edge.production.js) turns every
 * piece of markup into bytes on its own: a TextEncoder call and a new
 * Uint8Array per attribute name, value, text and tag piece (a page is ~3000),
 * each then copied into a 4 kB buffer. In workerd each of those is a call out
 * of JavaScript and an allocation; measured with `npm run bench`, that work was
 * ~10 % of a page's render CPU.
 *
 * This build step keeps the pieces as strings and encodes what a flush wrote
 * once, when React completes the write: the same bytes at the same flush points
 * (React flushes synchronously, so nothing reaches the network any later), and
 * sizes for React's outlining decisions counted in characters (see the last patch).
 * Each replacement must match exactly once; if React's file changes, the build
 * fails here instead of shipping a half-patched renderer
 * (tests/unit/react-string-chunks.test.ts runs it on the installed React), and
 * another React version stops the build before that (scripts/vite-library-versions.ts).
 * docs/decisions/202-react-string-chunks.md: why, what it was measured at, how to redo it.
 */
const PATCHES: [from: string, to: string][] = [
  [
    "function writeChunk(destination, chunk) {\n  if (0 === chunk.byteLength) {",
    `var pendingText = "";
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    return;
  }
  writePendingText(destination);
  if (0 === chunk.byteLength) {`,
  ],
  [
    "function completeWriting(destination) {\n",
    `function writePendingText(destination) {
  if (pendingText) {
    var text = pendingText;
    pendingText = "";
    writeChunk(destination, textEncoder.encode(text));
  }
}
function completeWriting(destination) {
  writePendingText(destination);
`,
  ],
  ["function stringToChunk(content) {\n  return textEncoder.encode(content);\n}", "function stringToChunk(content) {\n  return content;\n}"],
  [
    "function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}",
    "function stringToPrecomputedChunk(content) {\n  return content;\n}",
  ],
  // Sizes only steer when a finished Suspense boundary is outlined (React compares them with
  // 500 bytes and its 12.8 kB chunk size). A string's length stands in for its UTF-8 bytes:
  // counting those character by character cost ~0.4 ms of a product page's render (~100 000
  // characters pass through here). Text outside ASCII counts less than its bytes, so such a
  // boundary is outlined a little later than React would; the markup is the same.
  ["segmentByteSize += segment[i].byteLength;", 'segmentByteSize += "string" === typeof segment[i] ? segment[i].length : segment[i].byteLength;'],
];

export const REACT_EDGE_SERVER = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.edge\.production\.js$/;

export function patchReactEdgeServer(code: string): string {
  return applyPatches(
    code,
    PATCHES,
    (from, found) =>
      `react-string-chunks: expected "${from.split("\n")[0]}" once in React's edge server build, found it ${found} times; React changed: redo the patch as docs/decisions/202-react-string-chunks.md says (How to redo it)`,
  );
}

/** The Worker's build only: the browser never loads React's server renderer. */
export function reactStringChunks(): Plugin {
  return {
    name: "react-string-chunks",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!REACT_EDGE_SERVER.test(id)) return null;
      // The inserted lines move React's code: drop its source map rather than point it wrong.
      return { code: patchReactEdgeServer(code), map: { mappings: "" } };
    },
  };
}
