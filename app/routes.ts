import { type RouteConfig, route } from "@react-router/dev/routes";

// The one table of URLs. Route modules live in app/routes/ by kind: pages/ (documents,
// and the redirects of page URLs), api/ (JSON endpoints, and the form posts they share),
// files/ (robots.txt, sitemaps, the demo catalogue's pictures) and dev/ (local stand-ins
// of outside services, answering only where their DEV_* variable is set).
// Every public page lives under an optional language segment: /store (default
// language), /ru/store, /uk/store. See app/i18n/url.ts for the prefix rules.
export default [
  route(":lang?", "routes/pages/home.tsx"),
  route(":lang?/store/*", "routes/pages/catalogue.tsx"),
  route(":lang?/search", "routes/pages/search.tsx"),
  route(":lang?/product/:slug", "routes/pages/product.tsx", [
    route("review", "routes/pages/product-review.tsx", [route("rules", "routes/pages/product-review-rules.tsx")]),
  ]),
  route(":lang?/product-review/:from", "routes/pages/product-review-from.ts"),
  route(":lang?/cart", "routes/pages/cart.tsx"),
  route(":lang?/favorite", "routes/pages/favorite.tsx"),
  route(":lang?/checkout", "routes/pages/checkout.tsx"),
  route(":lang?/checkout/done/:number", "routes/pages/order-done.tsx"),
  route(":lang?/login", "routes/pages/login.tsx"),
  route(":lang?/login/sms", "routes/pages/login-sms.tsx"),
  route(":lang?/signup", "routes/pages/signup.tsx"),
  route(":lang?/logout", "routes/pages/logout.tsx"),
  route(":lang?/account", "routes/pages/account.tsx"),
  route(":lang?/account/confirm-email-change", "routes/pages/confirm-email-change.tsx"),
  route(":lang?/account/orders/:number?", "routes/pages/account-orders.tsx"),
  route(":lang?/auth/forgot-pass-form", "routes/pages/forgot-password.tsx"),
  route(":lang?/auth/reset-password", "routes/pages/reset-password.tsx"),
  route(":lang?/auth/confirm-email", "routes/pages/confirm-email.tsx"),
  route("robots.txt", "routes/files/robots.ts"),
  route("sitemap.xml", "routes/files/sitemap-index.ts"),
  route("sitemap/:file", "routes/files/sitemap-lang.ts"),
  route("img/:shape/:color/:view", "routes/files/image.ts"),
  route("cdn-cgi/image/:options/*", "routes/dev/image-resizing.ts"),
  route("dev/outbox", "routes/dev/outbox.tsx"),
  // The account's JSON endpoints (docs/api.md), for the enhanced UI and other clients.
  route("api/account", "routes/api/account.ts", { id: "api-account" }),
  route("api/account/:op", "routes/api/account.ts", { id: "api-account-op" }),
  route("bpm/:op", "routes/api/account.ts", { id: "api-bpm" }),
  route("api/profile", "routes/api/profile.ts"),
  route("auth/:op", "routes/api/auth.ts"),
  route("api/kid/:id?", "routes/api/kid.ts"),
  route("api/address/:id?/:main?", "routes/api/address.ts"),
  // The cart's JSON endpoints (docs/api.md).
  route("api/cart", "routes/api/cart.ts"),
  route("bpm/validate-promo-code", "routes/api/promo.ts"),
  route("checkout/default/shopping-cart-recalculate", "routes/api/recalculate.ts"),
  // Placing an order (docs/api.md), for the checkout's last form and JSON clients.
  route("order/request", "routes/api/order-request.ts"),
  route("api/orders/:id?", "routes/api/orders.ts"),
  // Click's Prepare and Complete callbacks (online payment), and its local stand-in.
  route("api/payment/click/:op", "routes/api/payment.ts"),
  route("dev/pay/click", "routes/dev/pay.tsx"),
  route("dev/turnstile/:file", "routes/dev/turnstile.ts"),
  // Favourites (docs/api.md), guests and accounts.
  route("api/favorites/products/:productId", "routes/api/favorites.ts", { id: "api-favorites-product" }),
  route("api/favorites/:id?", "routes/api/favorites.ts", { id: "api-favorites" }),
  route("api/retargeting/:list/:id", "routes/api/retargeting.ts"),
  route("v2/product-review", "routes/api/reviews.ts"),
  route("v2/user-data", "routes/api/user-data.ts"),
  route("reaction", "routes/api/reaction.ts"),
  route("api/moderation/reviews", "routes/api/moderation.ts"),
  route("api/moderation/reviews/:id", "routes/api/moderation-review.ts"),
  // The delivery data API (docs/api.md).
  route("api/delivery/:resource", "routes/api/delivery.ts"),
  route("*", "routes/pages/not-found.tsx"),
] satisfies RouteConfig;
