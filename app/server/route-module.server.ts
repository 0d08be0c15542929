/**
 * The client URL of a route's module, from React Router's build manifest. Browser
 * code that only some shoppers need (the cart's popup and mini-cart, the reviews'
 * reactions) rides in a route's client module as its `handle` and is imported by
 * this URL when needed: an import() of a module path would pull Vite's preload
 * helper (~0.7 KB) into every page. A build's manifest never changes, so each
 * isolate reads it once.
 */
let routes: Promise<Record<string, { module: string } | undefined>> | undefined;

export async function routeModuleUrl(routeId: string): Promise<string | null> {
  routes ??= import("virtual:react-router/server-build").then(
    (build) => build.assets.routes,
    (error) => {
      routes = undefined;
      throw error;
    },
  );
  return (await routes)[routeId]?.module ?? null;
}
