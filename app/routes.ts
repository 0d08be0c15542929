import { type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * A route whose module is app/routes/<kind>/<file>. Its id is the kind and the file's
 * name ("pages/cart"; a module serving several URLs names an id for each): short, as
 * every page carries every route's id in its manifest.
 */
const kind =
  (folder: "pages" | "api" | "files" | "dev") =>
  (path: string, file: string, more: { id?: string; children?: RouteConfigEntry[] } = {}) =>
    route(path, `routes/${folder}/${file}`, { id: more.id ?? `${folder}/${file.replace(/\.tsx?$/, "")}` }, more.children);
/** Documents, and the redirects of page URLs. */
const page = kind("pages");
/** JSON endpoints (docs/api.md), and the form posts they share. */
const api = kind("api");
/** robots.txt, the sitemaps, the product photos, the silhouettes. */
const file = kind("files");
/**
 * Local stand-ins of outside services: each answers only where its DEV_* variable is set, and
 * none is in the build that is deployed (`SHOP_STAND_INS=0`: npm run deploy, decision 205).
 */
const standIns = process.env.SHOP_STAND_INS !== "0";
const dev = (path: string, file: string): RouteConfigEntry[] => (standIns ? [kind("dev")(path, file)] : []);

// The one table of URLs. Every public page lives under an optional language segment:
// /store (default language), /ru/store, /uk/store. See app/i18n/url.ts for the prefix rules.
export default [
  page(":lang?", "home.tsx"),
  page(":lang?/store/*", "catalogue.tsx"),
  page(":lang?/search", "search.tsx"),
  page(":lang?/product/:slug", "product.tsx", {
    children: [
      page("review", "product-review.tsx", { children: [page("rules", "product-review-rules.tsx")] }),
      page("size-table", "product-size-table.tsx"),
      page("gift-hint", "product-gift-hint.tsx"),
    ],
  }),
  page(":lang?/product-review/:from", "product-review-from.ts"),
  page(":lang?/cart", "cart.tsx"),
  page(":lang?/favorite", "favorite.tsx"),
  page(":lang?/checkout", "checkout.tsx"),
  page(":lang?/checkout/done/:number", "order-done.tsx"),
  page(":lang?/login", "login.tsx"),
  page(":lang?/login/sms", "login-sms.tsx"),
  page(":lang?/signup", "signup.tsx"),
  page(":lang?/logout", "logout.tsx"),
  page(":lang?/account", "account.tsx"),
  page(":lang?/account/confirm-email-change", "confirm-email-change.tsx"),
  page(":lang?/account/orders/:number?", "account-orders.tsx"),
  page(":lang?/account/club", "account-club.tsx"),
  page(":lang?/club", "club.tsx"),
  page(":lang?/auth/forgot-pass-form", "forgot-password.tsx"),
  page(":lang?/auth/reset-password", "reset-password.tsx"),
  page(":lang?/auth/confirm-email", "confirm-email.tsx"),
  // The newsletter: the form, check-email, thank-you, and its e-mails' confirm and unsubscribe links.
  page(":lang?/subscribe/:step?", "subscribe.tsx"),
  // The news list and its articles.
  page(":lang?/news/:slug?", "news.tsx"),
  // What the cart's popups explain (delivery, the checkout limit): a page, or the popup loader's fragment.
  page(":lang?/info/:topic", "info.tsx"),
  file("robots.txt", "robots.ts"),
  file("sitemap.xml", "sitemap-index.ts"),
  file("sitemap/:file", "sitemap-file.ts"),
  file("img/:shape/:color/:view", "image.ts"),
  // Product photos: the originals in R2, by key (app/catalogue/photos.server.ts).
  file("photos/*", "photo.ts"),
  ...dev("cdn-cgi/image/:options/*", "image-resizing.ts"),
  ...dev("dev/outbox", "outbox.tsx"),
  // The account's JSON endpoints, for the enhanced UI and other clients.
  api("api/account", "account.ts", { id: "api-account" }),
  api("api/account/:op", "account.ts", { id: "api-account-op" }),
  api("bpm/:op", "account.ts", { id: "api-bpm" }),
  api("api/profile", "profile.ts"),
  api("auth/:op", "auth.ts"),
  api("api/kid/:id?", "kid.ts"),
  api("api/address/:id?/:main?", "address.ts"),
  // The cart's.
  api("api/cart", "cart.ts"),
  api("bpm/validate-promo-code", "promo.ts"),
  api("checkout/default/shopping-cart-recalculate", "recalculate.ts"),
  // Placing an order, for the checkout's last form and JSON clients.
  api("order/request", "order-request.ts"),
  api("api/orders/:id?", "orders.ts"),
  // Click's Prepare and Complete callbacks and Payme's Merchant API (online payment), and their local stand-ins.
  api("api/payment/click/:op", "payment.ts"),
  api("api/payment/payme", "payme.ts"),
  ...dev("dev/pay/click", "pay.tsx"),
  ...dev("dev/pay/click-api/*", "click-api.ts"),
  ...dev("dev/pay/payme/*", "pay-payme.tsx"),
  ...dev("dev/pay/payme-cabinet", "payme-cabinet.ts"),
  ...dev("dev/turnstile/:file", "turnstile.ts"),
  // Favourites, guests and accounts.
  api("api/favorites/products/:productId", "favorites.ts", { id: "api-favorites-product" }),
  api("api/favorites/:id?", "favorites.ts", { id: "api-favorites" }),
  api("api/v2/favorites", "favorites-v2.ts"),
  api("api/retargeting/:list/:id", "retargeting.ts"),
  api("v2/product-review", "reviews.ts"),
  api("v2/user-data", "user-data.ts"),
  api("reaction", "reaction.ts"),
  api("gift-hints/create", "gift-hints.ts"),
  api("api/moderation/reviews", "moderation.ts"),
  api("api/moderation/reviews/:id", "moderation-review.ts"),
  api("api/delivery/:resource", "delivery.ts"),
  // The catalogue for apps and partners.
  api("api/catalog/v3/products/:id?", "catalog.ts"),
  api("api/size-table", "size-table.ts"),
  // The header's search box: suggestions (the same for everyone) and the shopper's recent searches.
  api("api/search/autocomplete", "search-autocomplete.ts"),
  api("api/search/history/:id?", "search-history.ts"),
  // The operations API, for the shop's own systems (scoped keys: app/ops).
  api("api/ops/catalogue", "ops/catalogue.ts"),
  api("api/ops/orders", "ops/orders.ts"),
  api("api/ops/orders/ack", "ops/orders-ack.ts"),
  api("api/ops/orders/:id/status", "ops/order-status.ts"),
  api("api/ops/reviews", "ops/reviews.ts"),
  api("api/ops/reviews/:id", "ops/review.ts"),
  api("api/ops/products/:slug/photos/:position", "ops/product-photo.ts"),
  api("api/ops/search/misses", "ops/search-misses.ts"),
  api("api/ops/search/synonyms", "ops/search-synonyms.ts"),
  api("api/ops/refunds", "ops/refunds.ts"),
  api("api/ops/refunds/:id/:op", "ops/refund-step.ts"),
  api("api/ops/receipts", "ops/receipts.ts"),
  api("api/ops/receipts/:id/:op", "ops/receipt-step.ts"),
  api("api/ops/reconciliation", "ops/reconciliation.ts"),
  api("api/ops/*", "ops/unknown.ts"),
  // The operator console: its own sign-in with an operations key (app/ops/console.server.ts).
  page("ops/login", "ops-login.tsx"),
  page("ops/logout", "ops-logout.ts"),
  // One route per section (the scope each needs: app/ops/console.server.ts).
  page("ops", "ops-index.ts"),
  page("ops/reviews", "ops-reviews.tsx"),
  page("ops/orders", "ops-orders.tsx"),
  page("ops/money", "ops-money.tsx"),
  page("ops/item", "ops-item.tsx"),
  page("ops/searches", "ops-searches.tsx"),
  page("*", "not-found.tsx"),
] satisfies RouteConfig;
