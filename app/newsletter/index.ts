export { newsletterLinkSchema, subscribeSchema } from "./schema";
export { NewsletterPage, type NewsletterStep } from "./subscribe-page";
