import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { FormReply } from "~/forms/parse";
import { useI18n } from "~/i18n/use-i18n";
import { CONSOLE_PAGES, type ConsoleSection } from "./console";

/** A console form's answer: the reply (errors, what was typed), which row's form it was, and a notice for the page. */
export type ConsoleReply = { form: string; reply: FormReply; notice?: string | null } | undefined;

/** What every console page's loader gives its shell (`consolePage`). */
export type ConsolePageData = { title: string; section: ConsoleSection; client: string; scope: string; done: boolean; allowed: boolean };

/** The reply to one form of the page, by the form's id (`refund-<id>`, `synonym`…). */
export const replyOf = (actionData: unknown) => (form: string) => {
  const reply = actionData as ConsoleReply;
  return reply?.form === form ? reply.reply : undefined;
};

/** Every console page's frame: the sections' menu, the operator and sign-out, the title, what the last action said. */
export function ConsoleShell({ page, actionData, children }: { page: ConsolePageData; actionData: unknown; children: ReactNode }) {
  const { t } = useI18n();
  const notice = (actionData as ConsoleReply)?.notice;
  return (
    <section className="ops" data-testid="ops-console">
      <nav className="ops__nav">
        {CONSOLE_PAGES.map((s) => (
          <Link key={s} to={`/ops/${s}`} reloadDocument aria-current={s === page.section ? "page" : undefined} data-testid={`ops-nav-${s}`}>
            {t(`ops:console.${s}.title`)}
          </Link>
        ))}
        <span data-testid="ops-client">{page.client}</span>
        <Form method="post" action="/ops/logout" reloadDocument>
          <button type="submit" className="button button--secondary" data-testid="ops-sign-out">
            {t("ops:console.signOut")}
          </button>
        </Form>
      </nav>
      <h1>{page.title}</h1>
      {page.done ? (
        <p className="alert alert--success" role="status" data-testid="ops-done">
          {t("ops:console.done")}
        </p>
      ) : null}
      {notice ? (
        <p className="alert alert--error" role="alert" data-testid="form-error">
          {t(notice)}
        </p>
      ) : null}
      {page.allowed ? (
        children
      ) : (
        <p className="alert alert--error" data-testid="ops-forbidden">
          {t("ops:console.scopeNeeded", { scope: page.scope })}
        </p>
      )}
    </section>
  );
}

/** The console's pages keep a refusal's Retry-After; crawlers index none of them. */
export const consoleHeaders = ({ actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
export const consoleMeta = ({ loaderData }: { loaderData?: { title: string } }) => [
  { title: loaderData?.title ?? "" },
  { name: "robots", content: "noindex, nofollow" },
];
