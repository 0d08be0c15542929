/**
 * The client URL of the cart route's module (it carries the cart popup and
 * the mini-cart, app/cart/cart-ui.ts), from React Router's build manifest.
 * A build's manifest never changes, so each isolate looks it up once.
 */
let moduleUrl: Promise<string | null> | undefined;

export function cartUiModuleUrl(): Promise<string | null> {
  return (moduleUrl ??= import("virtual:react-router/server-build").then(
    (build) => build.assets.routes["routes/cart"]?.module ?? null,
    (error) => {
      moduleUrl = undefined;
      throw error;
    },
  ));
}
