import { ConformForm, useReplyForm } from "~/forms/conform-form";
import { FormError } from "~/forms/form-error";
import { FormRow } from "~/forms/form-row";
import type { FormReply } from "~/forms/parse";
import { useI18n } from "~/i18n/use-i18n";
import type { ConsoleMiss, ConsoleSynonym } from "./console";

/** This week's searches that found nothing (or were corrected), each with a link to teach its word; the form to teach one; the words taught. */
export function SearchesView({
  misses,
  synonyms,
  teach,
  teachLang,
  replyOf,
}: {
  misses: ConsoleMiss[];
  synonyms: ConsoleSynonym[];
  teach: string;
  teachLang: string;
  replyOf: (form: string) => FormReply | undefined;
}) {
  const { t } = useI18n();
  const form = useReplyForm({ id: "synonym", lastResult: replyOf("synonym"), defaultValue: { word: teach, lang: teachLang } });
  // What was chosen stays chosen when the form comes back refused (without JavaScript too).
  const lang = String(form.getFieldset().lang.initialValue ?? teachLang);
  return (
    <>
      <h2>{t("ops:console.searches.misses")}</h2>
      {misses.length ? (
        <table className="ops__table" data-testid="ops-misses">
          <thead>
            <tr>
              <th scope="col">{t("ops:console.searches.query")}</th>
              <th scope="col">{t("ops:console.searches.lang")}</th>
              <th scope="col">{t("ops:console.searches.count")}</th>
              <th scope="col">{t("ops:console.searches.corrected")}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {misses.map((m) => (
              <tr key={`${m.lang}:${m.query}`} data-testid="ops-miss">
                <th scope="row">{m.query}</th>
                <td>{m.lang}</td>
                <td>{m.count}</td>
                <td>{m.correctedTo ?? t("ops:console.searches.nothing")}</td>
                <td>
                  <a href={`/ops/searches?teach=${encodeURIComponent(m.query)}&teach_lang=${m.lang}#synonym`}>{t("ops:console.searches.teach")}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p data-testid="ops-empty">{t("ops:console.searches.none")}</p>
      )}
      <h2 id="synonym">{t("ops:console.searches.add")}</h2>
      <ConformForm form={form} className="form" data-testid="ops-synonym">
        <FormError />
        <FormRow name="word" label={t("ops:console.searches.word")} maxLength={60} required />
        <FormRow name="means" label={t("ops:console.searches.means")} maxLength={60} required />
        <div className="row">
          <label htmlFor="ops-synonym-lang">{t("ops:console.searches.lang")}</label>
          <select id="ops-synonym-lang" name="lang" defaultValue={lang}>
            {["uz", "ru", "uk"].map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" data-testid="ops-teach">
          {t("ops:console.searches.add")}
        </button>
      </ConformForm>
      <h2>{t("ops:console.searches.taught")}</h2>
      {synonyms.length ? (
        <ul className="ops__list" data-testid="ops-synonyms">
          {synonyms.map((s) => (
            <li key={s.id}>{`${s.word} → ${s.means} (${s.lang})`}</li>
          ))}
        </ul>
      ) : (
        <p>{t("ops:console.searches.noSynonyms")}</p>
      )}
    </>
  );
}
