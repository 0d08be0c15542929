export { NewsletterFooterForm } from "./footer-form";
export { newsletterLinkSchema, subscribeSchema } from "./schema";
export { NewsletterPage, type NewsletterStep } from "./subscribe-page";
