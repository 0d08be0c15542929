import { useField } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { data, Link, Outlet, redirect, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/product-review";
import { PRODUCT_SLUG } from "~/catalogue/index.server";
import { getUserId } from "~/auth/index.server";
import { ConformForm } from "~/forms/conform-form";
import { FieldError, FormRow } from "~/forms/form-row";
import { FormError } from "~/forms/form-error";
import { parseForm, readFormData, refused } from "~/forms/parse.server";
import { TextareaRow } from "~/forms/textarea-row";
import { useConformForm } from "~/forms/use-conform-form";
import { requireLang } from "~/i18n/middleware.server";
import { texts } from "~/i18n/resources.server";
import { seo } from "~/i18n/seo";
import type { Lang } from "~/i18n/languages";
import { localizePath } from "~/i18n/url";
import { useI18n } from "~/i18n/use-i18n";
import { Captcha, REVIEW_NAME_MAX, REVIEW_TEXT_MAX, reviewFormSchema } from "~/reviews/index";
import { customerOf, publishReview, reviewFormOf } from "~/reviews/index.server";
import { getApp } from "~/server/context.server";
import { turnstileConfig } from "~/server/turnstile.server";

const SENT = new Set(["published", "pending"]);

/** The guest's ways from the popup to sign in or up (app/routes/product-review-from.ts), which come back to it. */
const fromPopup = (to: "login-from-popup" | "signup-from-popup", lang: Lang, defaultLang: Lang, slug: string) =>
  `${localizePath(`/product-review/${to}`, lang, defaultLang)}?product=${slug}`;

/**
 * The add-review popup (spec §2), a URL of its own under the product: a guest gets the
 * prompt to sign in or sign up (and comes back here after); a signed-in shopper the form
 * with the captcha; after sending, the thank-you (or the failure) with a way back.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  if (!PRODUCT_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const form = await reviewFormOf(app.env.DB, lang, params.slug);
  if (!form) throw data(null, { status: 404 });
  const userId = await getUserId(app.env, request);
  const customer = userId ? await customerOf(app.env.DB, userId) : null;
  const sent = new URL(request.url).searchParams.get("sent");
  return {
    i18n: texts(lang, ["reviews"]),
    product: { name: form.name, path: localizePath(`/product/${params.slug}`, lang, app.defaultLang) },
    parameters: form.parameters,
    customer: customer ? { name: `${customer.firstName} ${customer.lastName}`.trim() } : null,
    captcha: turnstileConfig(app.env),
    sent: sent && SENT.has(sent) ? sent : null,
    links: {
      login: fromPopup("login-from-popup", lang, app.defaultLang, params.slug),
      signup: fromPopup("signup-from-popup", lang, app.defaultLang, params.slug),
    },
  };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = requireLang(params, context);
  const app = getApp(context);
  if (!PRODUCT_SLUG.test(params.slug)) throw data(null, { status: 404 });
  const userId = await getUserId(app.env, request);
  if (!userId) throw redirect(fromPopup("login-from-popup", lang, app.defaultLang, params.slug), 303);
  const product = await reviewFormOf(app.env.DB, lang, params.slug);
  if (!product) throw data(null, { status: 404 });
  const submission = parseForm(await readFormData(request), reviewFormSchema);
  if (submission.status !== "success") return data({ reply: submission.reply(), captcha: null, failed: false }, refused(400));
  const valueIds = Object.values(submission.value.match ?? {});
  const result = await publishReview(app, request, { id: userId }, product.productId, lang, submission.value, valueIds, { tokenRequired: false });
  if (result.ok) return redirect(`${localizePath(`/product/${params.slug}`, lang, app.defaultLang)}/review?sent=${result.status}#add-review`, 303);
  if (result.error === "captcha")
    // The invisible check was refused: the form comes back (values kept) with the interactive widget (spec's v3 → v2).
    return data(
      { reply: submission.reply({ fieldErrors: { token: ["reviews:form.captcha"] } }), captcha: "interactive" as const, failed: false },
      refused(422),
    );
  if (result.error === "limited")
    return data({ reply: submission.reply({ formErrors: ["reviews:errors.rateLimited"] }), captcha: null, failed: false }, refused(429, result.retryAfter));
  return data({ reply: submission.reply(), captcha: null, failed: true }, refused(result.error === "no_product" ? 404 : 503));
}

/** Retry-After of a 429 reaches the document response too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

// seo() takes the unprefixed path (it writes each language's own).
export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  seo(matches, { title: loaderData?.product.name ?? "", path: `/product/${params.slug}/review`, noindex: true });

/** The rating, 1–5 as radio stars (what was chosen is kept when the form comes back). */
function RatingRow() {
  const { t } = useI18n();
  const [field] = useField<string>("rating");
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset className={invalid ? "rating-row row--error" : "rating-row"} aria-describedby={invalid ? field.errorId : undefined}>
      <legend>{t("reviews:form.rating")}</legend>
      {[5, 4, 3, 2, 1].map((n) => (
        <label key={n} className="rating-row__star">
          <input type="radio" name="rating" value={n} defaultChecked={field.initialValue === String(n)} data-testid={`rating-${n}`} />
          <span aria-hidden="true">{"★".repeat(n)}</span>
          <span className="visually-hidden">{t("reviews:form.star", { count: n })}</span>
        </label>
      ))}
      <FieldError name="rating" />
    </fieldset>
  );
}

/** The popup's frame: a page section without JavaScript, an overlay (Escape closes it) with it. */
function Popup({ title, close, children }: { title: string; close: string; children: React.ReactNode }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [overlay, setOverlay] = useState(false);
  useEffect(() => {
    setOverlay(true);
    heading.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(close, { preventScrollReset: true });
      // Tab stays inside the dialog: from the last focusable element back to the first, and the reverse.
      if (e.key !== "Tab") return;
      const panel = heading.current?.closest<HTMLElement>("[role=dialog]");
      const focusable = [
        ...(panel?.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([type=hidden]), textarea, select, iframe") ?? []),
      ];
      const [first, last] = [focusable[0], focusable.at(-1)];
      if (!first || !last) return;
      if (e.shiftKey && (document.activeElement === first || document.activeElement === heading.current)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      // Closed: the focus goes back to the button that opened it.
      document.querySelector<HTMLElement>("[data-testid=add-review]")?.focus();
    };
  }, [close, navigate]);
  return (
    <section id="add-review" className={overlay ? "review-popup review-popup--overlay" : "review-popup"} data-testid="review-popup">
      <div className="review-popup__panel" role="dialog" aria-labelledby="add-review-title" aria-modal={overlay}>
        <h2 id="add-review-title" tabIndex={-1} ref={heading}>
          {title}
        </h2>
        {children}
        <Link to={close} className="review-popup__close" preventScrollReset aria-label={t("reviews:form.close")} data-testid="review-popup-close">
          ×
        </Link>
      </div>
    </section>
  );
}

export default function ProductReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { product, customer, parameters, captcha, sent, links } = loaderData;
  const busy = useNavigation().state === "submitting";
  const form = useConformForm(reviewFormSchema, { lastResult: actionData?.reply, defaultValue: { userName: customer?.name ?? "" } });
  const [token, setToken] = useState("");
  const close = `${product.path}#reviews`;
  const title = t("reviews:form.title", { name: product.name });
  if (sent || actionData?.failed)
    return (
      <Popup title={title} close={close}>
        <p className={sent ? "alert alert--success" : "alert alert--error"} role="status" data-testid={sent ? "review-thanks" : "review-failure"}>
          {t(sent === "published" ? "reviews:form.thanks" : sent === "pending" ? "reviews:form.thanksPending" : "reviews:form.failure")}
        </p>
        <p className="review-popup__links">
          <Link to={close}>{t("reviews:form.toProduct")}</Link> <a href={href("/store")}>{t("reviews:form.toCatalogue")}</a>
        </p>
      </Popup>
    );
  if (!customer)
    return (
      <Popup title={title} close={close}>
        <p data-testid="review-guest">{t("reviews:form.guest")}</p>
        <p className="review-popup__links">
          <a className="button" href={links.login} rel="nofollow" data-testid="review-login">
            {t("reviews:form.login")}
          </a>{" "}
          <a className="button button--ghost" href={links.signup} rel="nofollow" data-testid="review-signup">
            {t("reviews:form.signup")}
          </a>
        </p>
      </Popup>
    );
  return (
    <Popup title={title} close={close}>
      <ConformForm form={form} className="form review-form" preventScrollReset>
        <FormError />
        <FormRow name="userName" label={t("reviews:form.userName")} autoComplete="name" required maxLength={REVIEW_NAME_MAX} />
        <RatingRow />
        {parameters.map((p) => (
          <fieldset key={p.id} className="choice-row">
            <legend>{p.name}</legend>
            {p.values.map((v) => (
              <label key={v.id} className="choice">
                <input type="radio" name={`match.${p.id}`} value={v.id} /> {v.name}
              </label>
            ))}
          </fieldset>
        ))}
        <TextareaRow
          name="text"
          label={t("reviews:form.text")}
          maxLength={REVIEW_TEXT_MAX}
          rows={5}
          counter={(left) => t("reviews:form.left", { count: left })}
        />
        <div className="row">
          <label className="choice">
            <input type="checkbox" name="agree" value="on" required data-testid="review-agree" /> {t("reviews:form.agree")}
          </label>{" "}
          <Link to={`${product.path}/review/rules`} preventScrollReset data-testid="review-rules-link">
            {t("reviews:form.rules")}
          </Link>
          <FieldError name="agree" />
        </div>
        <Outlet />
        {captcha ? <Captcha config={captcha} interactive={actionData?.captcha === "interactive"} onToken={setToken} /> : null}
        <FieldError name="token" />
        <button
          type="submit"
          className="button"
          disabled={busy || (captcha !== null && token === "" && actionData?.captcha === "interactive")}
          data-testid="review-submit"
        >
          {busy ? t("reviews:form.sending") : t("reviews:form.submit")}
        </button>
      </ConformForm>
    </Popup>
  );
}
