/** How long a page's streamed (deferred) data may take before its Suspense boundary gives up. */
export const STREAMED_DATA_TIMEOUT_MS = 5_000;

/**
 * A loader's streamed promise that settles in time: late data becomes an error,
 * which `<Await errorElement>` shows, so the render ends (every promise a page
 * streams must go through here: nothing else bounds it), and is logged. React Router's
 * streamTimeout only rejects what the hydration data carries, not the promise
 * `<Await>` reads on the server; bounding the promise itself keeps the server's
 * HTML and the browser's data telling the same story, without an abort signal on
 * every render (React aborts its own controller at the end of each one).
 */
export function streamed<T>(promise: Promise<T>, what: string, ms = STREAMED_DATA_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`streamed data took over ${ms} ms`)), ms);
  });
  // <Await errorElement> shows a failure without an error reaching React's onError: log it here.
  const bounded = Promise.race([promise, late])
    .catch((error: unknown) => {
      console.error(`streamed ${what} failed:`, error);
      throw error;
    })
    .finally(() => clearTimeout(timer));
  // A page that is not rendered after all (its loader failed later, a 503 took its place) never
  // reads the promise: its failure is logged above, not an unhandled rejection of the isolate.
  bounded.catch(() => {});
  return bounded;
}
