import { type RouteConfig, route } from "@react-router/dev/routes";

// Every public page lives under an optional language segment: /store (default
// language), /ru/store, /uk/store. See app/i18n/url.ts for the prefix rules.
export default [
  route(":lang?", "routes/home.tsx"),
  route(":lang?/store/*", "routes/catalogue.tsx"),
  route(":lang?/search", "routes/search.tsx"),
  route(":lang?/product/:slug", "routes/product.tsx", [route("review", "routes/product-review.tsx", [route("rules", "routes/product-review-rules.tsx")])]),
  route(":lang?/product-review/:from", "routes/product-review-from.ts"),
  route(":lang?/cart", "routes/cart.tsx"),
  route(":lang?/favorite", "routes/favorite.tsx"),
  route(":lang?/checkout", "routes/checkout.tsx"),
  route(":lang?/checkout/done/:number", "routes/order-done.tsx"),
  route(":lang?/login", "routes/login.tsx"),
  route(":lang?/login/sms", "routes/login-sms.tsx"),
  route(":lang?/signup", "routes/signup.tsx"),
  route(":lang?/logout", "routes/logout.tsx"),
  route(":lang?/account", "routes/account.tsx"),
  route(":lang?/account/confirm-email-change", "routes/confirm-email-change.tsx"),
  route(":lang?/account/orders/:number?", "routes/account-orders.tsx"),
  route(":lang?/auth/forgot-pass-form", "routes/forgot-password.tsx"),
  route(":lang?/auth/reset-password", "routes/reset-password.tsx"),
  route(":lang?/auth/confirm-email", "routes/confirm-email.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap-index.ts"),
  route("sitemap/:file", "routes/sitemap-lang.ts"),
  route("img/:shape/:color/:view", "routes/image.ts"),
  route("cdn-cgi/image/:options/*", "routes/dev-image.ts"),
  route("dev/outbox", "routes/dev-outbox.tsx"),
  // JSON endpoints of spec §7 "Account", for the enhanced UI and other clients.
  route("api/account", "routes/api.account.ts", { id: "api-account" }),
  route("api/account/:op", "routes/api.account.ts", { id: "api-account-op" }),
  route("bpm/:op", "routes/api.account.ts", { id: "api-bpm" }),
  route("api/profile", "routes/api.profile.ts"),
  route("auth/:op", "routes/api.auth.ts"),
  route("api/kid/:id?", "routes/api.kid.ts"),
  route("api/address/:id?/:main?", "routes/api.address.ts"),
  // JSON endpoints of spec §7 "Cart".
  route("api/cart", "routes/api.cart.ts"),
  route("bpm/validate-promo-code", "routes/api.promo.ts"),
  route("checkout/default/shopping-cart-recalculate", "routes/api.recalculate.ts"),
  // Placing an order (spec §7 `order/request`), for the checkout's last form and JSON clients.
  route("order/request", "routes/order-request.ts"),
  route("api/orders/:id?", "routes/api.orders.ts"),
  // Click's Prepare and Complete callbacks (online payment), and its local stand-in.
  route("api/payment/click/:op", "routes/api.payment.ts"),
  route("dev/pay/click", "routes/dev-pay.tsx"),
  route("dev/turnstile/:file", "routes/dev-turnstile.ts"),
  // Favourites (spec §7), guests and accounts.
  route("api/favorites/products/:productId", "routes/api.favorites.ts", { id: "api-favorites-product" }),
  route("api/favorites/:id?", "routes/api.favorites.ts", { id: "api-favorites" }),
  route("api/retargeting/:list/:id", "routes/api.retargeting.ts"),
  route("v2/product-review", "routes/api.reviews.ts"),
  route("v2/user-data", "routes/api.user-data.ts"),
  route("reaction", "routes/reaction.ts"),
  route("api/moderation/reviews", "routes/api.moderation.ts"),
  route("api/moderation/reviews/:id", "routes/api.moderation-review.ts"),
  // The delivery data API (spec §7 "delivery data client").
  route("api/delivery/:resource", "routes/api.delivery.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
