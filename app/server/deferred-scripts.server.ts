/**
 * React Router's module script, rewritten to start after the page's first paint (issue #15 §1).
 *
 * `<Scripts>` writes a module script whose static imports (and the `modulepreload` links beside
 * it) make the browser fetch the page's ≈ 115 kB of JavaScript while it is still parsing and
 * laying out the document: on a slow phone that competes with the first paint and the first
 * screen's pictures, for a script the page does not need to be used (every flow works as HTML).
 * Rewritten, the same imports run as `import()` once the browser reports the first contentful
 * paint, after the script has added the same preloads, so the modules come in parallel, not one
 * level at a time (asked for after the first screen's pictures, which the browser serves first
 * at the same priority; a `fetchpriority` on a link added by script is not honoured for module
 * preloads). A hidden page (a background tab, a prerender) paints nothing: it loads at once, as
 * before, and so does a page hidden or shown before its first paint (a page hidden then reports
 * no paint until it is shown again); a paint that never comes is waited for 3 s at most.
 *
 * The build puts this in front of React Router's own text and drops its links from the Worker's
 * HTML (scripts/vite-deferred-scripts.ts); the code it patches is checked there against the
 * installed React Router, and the script's text here: an import it does not know leaves the
 * script as React Router wrote it.
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
