/**
 * The client URL of the cart route's module (it carries the cart popup and
 * the mini-cart, app/cart/cart-ui.ts), from React Router's build manifest.
 */
export async function cartUiModuleUrl(): Promise<string | null> {
  const build = await import("virtual:react-router/server-build");
  return build.assets.routes["routes/cart"]?.module ?? null;
}
