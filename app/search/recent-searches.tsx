import { Form, Link } from "react-router";
import { useI18n } from "~/i18n/use-i18n";

/** The shopper's recent searches on the empty search page, each with a form to forget it, and one to forget all. */
export function RecentSearches({ history, error }: { history: { id: number; query: string }[]; error?: string | undefined }) {
  const { t, href } = useI18n();
  return (
    <section className="recent-searches" aria-labelledby="recent-searches" data-testid="recent-searches">
      <h2 id="recent-searches">{t("search:history.title")}</h2>
      {error ? (
        <p role="alert" className="alert alert--error">
          {t(error)}
        </p>
      ) : null}
      <ul>
        {history.map((entry) => (
          <li key={entry.id}>
            <Link to={href(`/search?q=${encodeURIComponent(entry.query)}`)}>{entry.query}</Link>
            <Form method="post" action={href("/search")}>
              <input type="hidden" name="intent" value="forget" />
              <input type="hidden" name="id" value={entry.id} />
              <button type="submit" className="link-button" aria-label={t("search:history.forgetLabel", { q: entry.query })}>
                {t("search:history.forget")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" action={href("/search")}>
        <input type="hidden" name="intent" value="forget-all" />
        <button type="submit" className="link-button">
          {t("search:history.forgetAll")}
        </button>
      </Form>
    </section>
  );
}
