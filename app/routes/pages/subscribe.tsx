import { data, redirect } from "react-router";
import { getLang } from "~/server/request.server";
import type { Route } from "./+types/subscribe";
import { parseForm, payloadForm, readFormData, refused } from "~/forms/parse.server";
import { getI18n, localized, serverT } from "~/i18n/translator.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import { NewsletterPage, type NewsletterStep, newsletterLinkSchema, subscribeSchema } from "~/newsletter/index";
import { confirmSubscription, subscribe, unsubscribe } from "~/newsletter/index.server";
import { apiError, apiFailure, readPayload } from "~/server/api.server";
import { getApp } from "~/server/context.server";

/** A JSON call (`POST /subscribe` from an app) rather than the form of a page. */
function wantsJson(request: Request): boolean {
  const accept = request.headers.get("Accept") ?? "";
  return (request.headers.get("Content-Type") ?? "").includes("application/json") || (accept.includes("application/json") && !accept.includes("text/html"));
}

/** An API refusal (thrown as `data(…)` by the API helpers) as the JSON response it stands for. */
function thrownAsResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error && typeof error === "object" && "init" in error && "data" in error) {
    const { data: body, init } = error as { data: unknown; init?: ResponseInit };
    return Response.json(body, init ?? {});
  }
  throw error;
}

/**
 * `POST /subscribe` as JSON (docs/api.md) is answered here, before the page's action: an
 * action's answer becomes the page. Messages in the request's language (the URL's, or `?lang=` without a prefix).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    if (request.method !== "POST" || params.step !== undefined || !wantsJson(request)) return next();
    const lang = getLang(context);
    const t = serverT(lang);
    const app = getApp(context);
    try {
      const submission = parseForm(payloadForm(await readPayload(request, t)), subscribeSchema);
      if (submission.status !== "success") apiFailure(t, { status: 400, reply: submission.reply() });
      const result = await subscribe(app.env, request, submission.value.email, { origin: app.origin, lang, defaultLang: app.defaultLang, t });
      if (result !== "sent") apiError(429, t("newsletter:errors.tooMany"), undefined, result.retryAfter);
      // The same answer whether the address was known, new, or subscribed already.
      return Response.json({ success: true, message: t("newsletter:check-email.lead") });
    } catch (error) {
      return thrownAsResponse(error);
    }
  },
];

const NEWSLETTER_PAGE_TEXTS = ["form", "check-email", "thank-you", "link-invalid", "unsubscribe", "unsubscribed", "toCatalogue", "errors"];

/** The newsletter's pages: /subscribe (the form), /subscribe/check-email, /subscribe/thank-you, the links' /subscribe/confirm and /subscribe/unsubscribe. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const url = new URL(request.url);
  // The e-mail field's messages are the sign-in's (auth:errors.*); the e-mails' texts stay on the server.
  const i18n = texts(lang, ["newsletter", "auth"], { auth: ["errors"], newsletter: NEWSLETTER_PAGE_TEXTS });
  const view = (step: NewsletterStep, token = "") => ({ i18n, title: getI18n(context).t(`newsletter:${step}.title`), step, token });
  switch (params.step) {
    case undefined:
      return view("form");
    case "check-email":
    case "thank-you":
      return view(params.step);
    case "confirm": {
      const link = parseForm(url.searchParams, newsletterLinkSchema);
      if (link.status === "success" && (await confirmSubscription(app.env.DB, link.value.token)))
        throw redirect(localized(context, "/subscribe/thank-you"), 303);
      // Spent, expired, superseded by a newer link, or never issued.
      return data(view("link-invalid"), { status: 400 });
    }
    case "unsubscribe": {
      if (url.searchParams.get("done") === "1") return view("unsubscribed");
      const link = parseForm(url.searchParams, newsletterLinkSchema);
      return link.status === "success" ? view("unsubscribe", link.value.token) : data(view("link-invalid"), { status: 400 });
    }
    default:
      throw data(null, { status: 404 });
  }
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = getLang(context);
  const app = getApp(context);
  const form = await readFormData(request);
  if (params.step === "unsubscribe") {
    const link = parseForm(form, newsletterLinkSchema);
    if (link.status === "success" && (await unsubscribe(app.env.DB, link.value.token)))
      return redirect(`${localized(context, "/subscribe/unsubscribe")}?done=1`, 303);
    return data({ invalid: true as const, reply: null }, refused(400));
  }
  if (params.step !== undefined) throw data(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  const submission = parseForm(form, subscribeSchema);
  if (submission.status !== "success") return data({ invalid: false as const, reply: submission.reply() }, refused(400));
  const result = await subscribe(app.env, request, submission.value.email, { origin: app.origin, lang, defaultLang: app.defaultLang, t: getI18n(context).t });
  if (result !== "sent")
    return data({ invalid: false as const, reply: submission.reply({ formErrors: ["newsletter:errors.tooMany"] }) }, refused(429, result.retryAfter));
  // The same answer whether the address was known, new, or subscribed already.
  return redirect(localized(context, "/subscribe/check-email"), 303);
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  seo(matches, { title: loaderData?.title ?? "", path: params.step ? `/subscribe/${params.step}` : "/subscribe", noindex: true });

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData?.invalid ? "link-invalid" : loaderData.step;
  return <NewsletterPage step={step} token={loaderData.token} lastResult={actionData?.reply} />;
}
