/**
 * Every route of app/routes.ts with a URL that reaches it, and what it is.
 * `personal`: every answer is one shopper's. tests/unit/route-table.test.ts
 * fails when a route is added to app/routes.ts without a row here, so rules
 * checked over this table (caching, methods) cover new routes too.
 */
export type RouteRow = { route: string; url: string; personal: boolean; json?: boolean; action?: true };

export const ROUTE_TABLE: RouteRow[] = [
  { route: ":lang?", url: "/", personal: false },
  { route: ":lang?/store/*", url: "/ru/store/women", personal: false },
  { route: ":lang?/search", url: "/search?q=krossovka", personal: false },
  { route: ":lang?/product/:slug", url: "/product/PRODUCT", personal: false },
  { route: ":lang?/cart", url: "/cart", personal: true, action: true },
  { route: ":lang?/checkout", url: "/checkout", personal: true, action: true },
  { route: ":lang?/checkout/done/:number", url: "/checkout/done/ABCD-EFGH", personal: true },
  { route: ":lang?/login", url: "/login", personal: true, action: true },
  { route: ":lang?/login/sms", url: "/uk/login/sms", personal: true, action: true },
  { route: ":lang?/signup", url: "/signup", personal: true, action: true },
  { route: ":lang?/logout", url: "/logout", personal: true, action: true },
  { route: ":lang?/account", url: "/account", personal: true, action: true },
  { route: ":lang?/account/confirm-email-change", url: "/account/confirm-email-change?email=a@b.uz&token=x", personal: true },
  { route: ":lang?/account/orders/:number?", url: "/account/orders/ABCD-EFGH", personal: true, action: true },
  { route: ":lang?/auth/forgot-pass-form", url: "/auth/forgot-pass-form", personal: true, action: true },
  { route: ":lang?/auth/reset-password", url: "/auth/reset-password?email=a@b.uz&token=x", personal: true, action: true },
  { route: ":lang?/auth/confirm-email", url: "/auth/confirm-email?email=a@b.uz&token=x", personal: true },
  { route: "robots.txt", url: "/robots.txt", personal: false },
  { route: "sitemap.xml", url: "/sitemap.xml", personal: false },
  { route: "sitemap/:file", url: "/sitemap/ru.xml", personal: false },
  { route: "img/:shape/:color/:view", url: "/img/sneaker/khaki/1.svg", personal: false },
  { route: "dev/outbox", url: "/dev/outbox", personal: true },
  { route: "api/account", url: "/api/account", personal: true, json: true },
  { route: "api/account/:op", url: "/api/account/save-details", personal: true, json: true },
  { route: "bpm/:op", url: "/bpm/change-email", personal: true, json: true },
  { route: "api/profile", url: "/api/profile", personal: true, json: true },
  { route: "auth/:op", url: "/auth/send-login-code-on-phone", personal: true, json: true },
  { route: "api/kid/:id?", url: "/api/kid", personal: true, json: true },
  { route: "api/address/:id?/:main?", url: "/api/address", personal: true, json: true },
  { route: "api/cart", url: "/api/cart", personal: true, json: true },
  { route: "bpm/validate-promo-code", url: "/bpm/validate-promo-code", personal: true, json: true },
  { route: "checkout/default/shopping-cart-recalculate", url: "/checkout/default/shopping-cart-recalculate", personal: true, json: true },
  { route: "order/request", url: "/order/request", personal: true, json: true },
  { route: "api/orders/:id?", url: "/api/orders", personal: true, json: true },
  { route: "api/delivery/:resource", url: "/api/delivery/cities", personal: true, json: true },
  { route: "*", url: "/no-such-page", personal: false },
];

/** The JSON API's operations and the methods each takes (spec §7), HEAD with GET. */
export const API_METHODS: [url: string, methods: string[]][] = [
  ["/api/account", ["GET"]],
  ["/api/account/save-details", ["PUT", "POST"]],
  ["/bpm/save-details", ["PUT", "POST"]],
  ["/api/account/change-email", ["POST"]],
  ["/api/account/change-phone", ["POST"]],
  ["/api/account/verify-sms", ["POST"]],
  ["/bpm/change-email", ["POST"]],
  ["/bpm/validate-contact", ["POST"]],
  ["/bpm/validate-sms", ["POST"]],
  ["/bpm/validate-promo-code", ["POST"]],
  ["/api/profile", ["PUT", "POST"]],
  ["/auth/login-by-password", ["POST"]],
  ["/auth/send-login-code-on-phone", ["POST"]],
  ["/auth/login-by-phone", ["POST"]],
  ["/auth/resend-confirm-email", ["POST"]],
  ["/api/kid", ["POST"]],
  ["/api/kid/12", ["PUT", "DELETE"]],
  ["/api/address", ["GET", "POST"]],
  ["/api/address/12", ["PUT", "DELETE"]],
  ["/api/address/12/main", ["POST"]],
  ["/api/cart", ["GET", "POST"]],
  ["/checkout/default/shopping-cart-recalculate", ["POST"]],
  ["/order/request", ["POST"]],
  ["/api/orders", ["GET"]],
  ["/api/orders/12", ["GET"]],
  ["/api/delivery/cities", ["GET"]],
  ["/api/delivery/city-page?city_id=1", ["GET"]],
  ["/api/delivery/types?city_id=1", ["GET"]],
  ["/api/delivery/streets?city_ref_id=1&delivery_type_id=1", ["GET"]],
  ["/api/delivery/up-post-codes?street_id=1&house=1", ["GET"]],
];

/** Paths in the API's space that name no operation. */
export const UNKNOWN_API_PATHS = [
  "/api/account/whatever",
  "/bpm/whatever",
  "/auth/whatever",
  "/auth/",
  "/api/kid/abc",
  "/api/address/12/other",
  "/api/nothing",
  "/api",
  "/checkout/default/other",
];
