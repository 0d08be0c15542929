import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { createT, type Messages } from "~/i18n/translate";
import { useI18n } from "~/i18n/use-i18n";
import { useSuggestions } from "./search-combobox-suggestions";

/**
 * The header's search box as an ARIA combobox (loaded when the box is first focused): recent
 * searches while it is empty, suggestions as the shopper types (350 ms after the last key, as
 * the spec's selects wait), arrows to move, Enter to go, Escape to close, Delete to forget a
 * recent search. On a phone it opens over the whole screen. Without a choice, Enter searches as
 * the form does. The box's own texts come with it (locales/<lang>/searchbox.json).
 */

const MIN_CHARS = 2;
// All three languages come with the module (≈ 0.5 KB each): a lazy glob would bring Vite's preload helper along.
const LOCALES = import.meta.glob<Messages>("../../locales/*/searchbox.json", { eager: true, import: "default" });

/** The header's search form (its input is `q`), which exists before this module loads. */
export type SearchComboboxProps = { form: HTMLFormElement };
type History = { kept: boolean; items: { id: number; query: string; url: string }[] };
type Option = { key: string; url: string; group: "history" | "categories" | "brands" | "products" | "all"; entryId?: number };

export function SearchCombobox(props: SearchComboboxProps) {
  const form = useRef(props.form);
  const input = useRef(props.form.elements.namedItem("q") as HTMLInputElement);
  const { lang, price } = useI18n();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState(() => input.current?.value ?? "");
  const [history, setHistory] = useState<History | null>(null);
  const [active, setActive] = useState(-1);

  const t = useMemo(() => createT(lang, { searchbox: LOCALES[`../../locales/${lang}/searchbox.json`] ?? {} }), [lang]);

  // The last search this box remembered, while its call is under way: the list is read after it.
  const remembering = useRef<Promise<unknown> | null>(null);

  // A list asked for before the last search was made is stale when it comes: only the newest is shown.
  const asked = useRef(0);
  const loadHistory = useCallback(() => {
    const ask = ++asked.current;
    Promise.resolve(remembering.current)
      .then(() => fetch(`/api/search/history?lang=${lang}`, { headers: { Accept: "application/json" } }))
      .then((r) => (r.ok ? (r.json() as Promise<History>) : null))
      .then(
        (h) => h && ask === asked.current && setHistory(h),
        () => {},
      );
  }, [lang]);

  const typed = query.trim();
  const wanted = typed.length >= MIN_CHARS ? typed : "";
  const suggested = useSuggestions(wanted, lang);

  const answer = wanted && suggested?.q === wanted ? suggested.answer : null;
  const failed = Boolean(wanted && suggested?.q === wanted && !suggested.answer);
  const options: Option[] = useMemo(() => {
    if (!wanted) return (history?.items ?? []).map((e) => ({ key: `h${e.id}`, url: e.url, group: "history", entryId: e.id }));
    if (!answer) return [];
    return [
      ...answer.categories.map((c, i): Option => ({ key: `c${i}`, url: c.url, group: "categories" })),
      ...answer.brands.map((b, i): Option => ({ key: `b${i}`, url: b.url, group: "brands" })),
      ...answer.products.map((p): Option => ({ key: `p${p.id}`, url: p.url, group: "products" })),
      ...(answer.categories.length + answer.brands.length + answer.products.length ? [{ key: "all", url: answer.search_url, group: "all" } as Option] : []),
    ];
  }, [wanted, answer, history]);
  const activeIndex = active < options.length ? active : -1;
  const shown = open && (options.length > 0 || (wanted !== "" && (answer !== null || failed)));
  const optionId = (key: string) => `${id}-${key}`;

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  /**
   * Goes to a URL in the shop, at once: nothing waits before the navigation, so two searches in a
   * row land in the order they were asked, the last one last. The query is remembered by the
   * search page for a shopper with a session; otherwise (a guest without one yet, or a suggestion
   * that is not the search page) here, beside the navigation.
   */
  const go = useCallback(
    (url: string, remember: string, viaSearchPage: boolean) => {
      close();
      if (remember && (!viaSearchPage || !history?.kept)) {
        remembering.current = fetch(`/api/search/history?lang=${lang}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ q: remember }),
          keepalive: true,
        }).catch(() => undefined);
      }
      input.current?.blur();
      asked.current++;
      setHistory(null);
      navigate(url);
    },
    [close, history, lang, navigate],
  );

  const choose = useCallback(
    (o: Option) => {
      const entry = o.group === "history" ? history?.items.find((e) => e.id === o.entryId) : undefined;
      go(o.url, entry ? entry.query : (input.current?.value.trim() ?? ""), o.group === "history" || o.group === "all");
    },
    [go, history],
  );

  const forget = useCallback(
    (entryId: number | null) => {
      setHistory((h) => h && { ...h, items: entryId === null ? [] : h.items.filter((e) => e.id !== entryId) });
      setActive(-1);
      void fetch(`/api/search/history${entryId === null ? "" : `/${entryId}`}?lang=${lang}`, { method: "DELETE" }).catch(() => undefined);
      input.current?.focus();
    },
    [lang],
  );

  // The input is the header's own (it exists before this module): its ARIA state and events are set here.
  useEffect(() => {
    const box = input.current;
    const owner = form.current;
    if (!box || !owner) return;
    box.setAttribute("role", "combobox");
    box.setAttribute("aria-autocomplete", "list");
    box.setAttribute("aria-controls", `${id}-list`);
    box.autocomplete = "off";
    const onFocus = () => {
      setOpen(true);
      if (!history) loadHistory();
    };
    const onInput = () => {
      setQuery(box.value);
      setActive(-1);
      setOpen(true);
    };
    const onBlur = (event: FocusEvent) => {
      if (!owner.contains(event.relatedTarget as Node | null)) close();
    };
    if (document.activeElement === box) onFocus();
    box.addEventListener("focus", onFocus);
    box.addEventListener("input", onInput);
    box.addEventListener("blur", onBlur);
    return () => {
      box.removeEventListener("focus", onFocus);
      box.removeEventListener("input", onInput);
      box.removeEventListener("blur", onBlur);
    };
  }, [id, history, loadHistory, close]);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.setAttribute("aria-expanded", String(shown));
    if (activeIndex >= 0) box.setAttribute("aria-activedescendant", optionId(options[activeIndex]!.key));
    else box.removeAttribute("aria-activedescendant");
    form.current?.classList.toggle("search--open", shown);
  });

  // What the keys act on, as of the last key rather than the last render: a key pressed before
  // React renders the previous one's change (Delete right after ArrowDown) still finds its option.
  const latest = useRef({ options, activeIndex, shown, close, forget, go, choose });
  latest.current = { ...latest.current, options, shown, close, forget, go, choose };
  latest.current.activeIndex = activeIndex;

  useEffect(() => {
    const box = input.current;
    const owner = form.current;
    if (!box || !owner) return;
    const onKey = (event: KeyboardEvent) => {
      const now = latest.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setOpen(true);
        const n = now.options.length;
        if (!n) return;
        // The box itself (-1) is a stop between the last option and the first.
        const next = now.activeIndex + (event.key === "ArrowDown" ? 1 : -1);
        now.activeIndex = next >= n ? -1 : next < -1 ? n - 1 : next;
        setActive(now.activeIndex);
      } else if (event.key === "Escape") {
        if (now.shown) {
          event.preventDefault();
          now.close();
        }
      } else if (event.key === "Delete" && now.activeIndex >= 0 && now.options[now.activeIndex]?.group === "history") {
        event.preventDefault();
        now.forget(now.options[now.activeIndex]!.entryId!);
      }
    };
    const onSubmit = (event: SubmitEvent) => {
      const now = latest.current;
      const value = box.value.trim();
      if (!value) return;
      event.preventDefault();
      // A suggestion only when the shopper moved to one (arrows or pointer) in this list: Enter
      // otherwise searches exactly what is in the box, whatever answer arrived meanwhile.
      const chosen = now.activeIndex >= 0 && now.shown ? now.options[now.activeIndex] : undefined;
      if (chosen) now.choose(chosen);
      else now.go(`${owner.getAttribute("action")}?q=${encodeURIComponent(value)}`, value, true);
    };
    box.addEventListener("keydown", onKey);
    owner.addEventListener("submit", onSubmit);
    return () => {
      box.removeEventListener("keydown", onKey);
      owner.removeEventListener("submit", onSubmit);
    };
  }, []);

  const optionProps = (o: Option) => ({
    id: optionId(o.key),
    role: "option" as const,
    "aria-selected": options[activeIndex]?.key === o.key,
    className: options[activeIndex]?.key === o.key ? "suggest__option suggest__option--active" : "suggest__option",
    // A press keeps the focus in the box (its blur would close the list before the click).
    onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
    onClick: () => choose(o),
  });
  const byGroup = (group: Option["group"]) => options.filter((o) => o.group === group);
  const count = options.filter((o) => o.group !== "all").length;
  /** A group of options, named by its visible heading. */
  const group = (name: Option["group"], items: React.ReactNode) => (
    // biome-ignore lint/a11y/useSemanticElements: a group of a listbox's options (ARIA), not form controls
    <div role="group" aria-label={t(`searchbox:${name}`)} className="suggest__group">
      <div aria-hidden="true" className="suggest__heading">
        {t(`searchbox:${name}`)}
      </div>
      {items}
    </div>
  );
  const entries = !wanted ? (history?.items ?? []) : [];
  return (
    <div className="suggest" hidden={!shown} data-testid="search-suggest">
      <button type="button" className="suggest__close" onClick={close} aria-label={t("searchbox:close")}>
        ×
      </button>
      <p className="visually-hidden" role="status">
        {shown && wanted && answer ? (count ? t("searchbox:count", { count: String(count) }) : t("searchbox:none", { q: wanted })) : ""}
      </p>
      <div id={`${id}-list`} role="listbox" aria-label={t("searchbox:label")} className="suggest__list">
        {entries.length
          ? group(
              "history",
              entries.map((entry, i) => (
                <div key={entry.id} className="suggest__row">
                  <div {...optionProps(byGroup("history")[i]!)} aria-describedby={`${id}-forget-hint`} data-testid="suggest-history">
                    {entry.query}
                  </div>
                  {/* For the pointer; the keyboard forgets the chosen entry with Delete (the hint says so). */}
                  <button
                    type="button"
                    tabIndex={-1}
                    className="suggest__forget"
                    onClick={() => forget(entry.id)}
                    aria-label={t("searchbox:forget", { q: entry.query })}
                  >
                    ×
                  </button>
                </div>
              )),
            )
          : null}
        {answer?.categories.length
          ? group(
              "categories",
              answer.categories.map((c, i) => (
                <div key={c.url} {...optionProps(byGroup("categories")[i]!)}>
                  {c.name}
                  {c.parent ? <span className="suggest__muted"> — {c.parent}</span> : null}
                </div>
              )),
            )
          : null}
        {answer?.brands.length
          ? group(
              "brands",
              answer.brands.map((b, i) => (
                <div key={b.url} {...optionProps(byGroup("brands")[i]!)}>
                  {b.name}
                </div>
              )),
            )
          : null}
        {answer?.products.length
          ? group(
              "products",
              answer.products.map((p, i) => (
                <div key={p.id} {...optionProps(byGroup("products")[i]!)} data-testid="suggest-product">
                  <img
                    src={p.image.url}
                    srcSet={p.image.srcset || undefined}
                    sizes="48px"
                    width={48}
                    height={Math.round((48 * p.image.height) / p.image.width)}
                    alt=""
                  />
                  <span className="suggest__name">
                    <span className="suggest__muted">{p.brand}</span> {p.name}
                  </span>
                  {p.price > 0 ? (
                    <span className="suggest__price">
                      {p.price < p.first_price ? <s>{price(p.first_price)}</s> : null} <span className="suggest__now">{price(p.price)}</span>
                    </span>
                  ) : null}
                </div>
              )),
            )
          : null}
        {byGroup("all").length ? <div {...optionProps(byGroup("all")[0]!)}>{t("searchbox:all", { q: wanted })}</div> : null}
      </div>
      {entries.length ? (
        <>
          <p id={`${id}-forget-hint`} hidden>
            {t("searchbox:forgetHint")}
          </p>
          <button type="button" className="link-button suggest__forget-all" onClick={() => forget(null)}>
            {t("searchbox:forgetAll")}
          </button>
        </>
      ) : null}
      {wanted && answer && !count ? <p className="suggest__note">{t("searchbox:none", { q: wanted })}</p> : null}
      {failed ? <p className="suggest__note">{t("searchbox:failed")}</p> : null}
    </div>
  );
}
