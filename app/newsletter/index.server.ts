export { newsletterFooterHtml } from "./footer-form.server";
export { CONFIRM_TTL_SECONDS, SUBSCRIBE_LIMITS, confirmSubscription, purgeUnconfirmedSubscribers, subscribe, unsubscribe } from "./newsletter.server";
