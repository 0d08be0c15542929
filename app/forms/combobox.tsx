import { useCallback, useEffect, useId, useRef, useState } from "react";

export type ComboItem = { id: number; title: string };

export type ComboboxTexts = { loading: string; noResults: string; close: string; shortcuts: string };

export type ComboboxProps = {
  /** The input's id (the row's label points at it) and the field names: `name` takes the chosen id; `textName`, if given, the text. */
  id: string;
  name: string;
  textName?: string;
  /** A delivery data API list (`{items, _meta}`), asked with `title`, `page` and `per-page`. */
  endpoint: string;
  initial: ComboItem | null;
  /** The text to start with when nothing is chosen from the list (a typed street). */
  initialText?: string;
  /** Fast-select choices shown above the list while it is open. */
  shortcuts?: ComboItem[];
  /** The typed text is a value too (a street the list does not know); else leaving the field restores the choice. */
  freeText?: boolean;
  onChoose?: (item: ComboItem) => void;
  /** Items per request (load-more brings the next page). */
  perPage?: number;
  texts: ComboboxTexts;
  testId?: string;
  describedBy?: string;
  invalid?: boolean;
  autoComplete?: string;
};

const PER_PAGE = 20;
/** Search waits this long after the last keystroke. */
const DEBOUNCE_MS = 350;
/** The next page loads when the list is scrolled this close to its end. */
const LOAD_MORE_PX = 100;

/**
 * A select with JavaScript: a WAI-ARIA combobox (an input with a
 * listbox popup: arrows move, Enter chooses, Escape closes) over a paged JSON
 * list, searched as the shopper types, the next page loaded near the end of
 * the list, fast-select shortcuts, and a full-screen popup below 640 px (CSS).
 * In-flight requests are cancelled by newer ones, not treated as errors. Loaded
 * lazily by SelectRow once the page is interactive; without JavaScript the
 * row is a native control.
 */
export default function Combobox(p: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(p.initial?.title ?? p.initialText ?? "");
  const [chosen, setChosen] = useState<ComboItem | null>(p.initial);
  const [items, setItems] = useState<ComboItem[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useRef("");
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();

  const load = useCallback(
    async (q: string, pageNo: number) => {
      request.current?.abort();
      const ctl = new AbortController();
      request.current = ctl;
      setLoading(true);
      try {
        const url = new URL(p.endpoint, window.location.origin);
        url.searchParams.set("title", q);
        url.searchParams.set("page", String(pageNo));
        url.searchParams.set("per-page", String(p.perPage ?? PER_PAGE));
        const res = await fetch(url, { signal: ctl.signal, headers: { Accept: "application/json" } });
        const body = (await res.json()) as { items?: ComboItem[]; _meta?: { currentPage: number; pageCount: number } };
        const got = (body.items ?? []).map(({ id, title }) => ({ id, title }));
        setItems((before) => (pageNo === 1 ? got : [...before, ...got]));
        setPage(pageNo);
        setMore(Boolean(body._meta && body._meta.currentPage < body._meta.pageCount));
      } catch (e) {
        if ((e as Error).name === "AbortError") return;
        setMore(false);
      } finally {
        if (request.current === ctl) setLoading(false);
      }
    },
    [p.endpoint, p.perPage],
  );

  useEffect(
    () => () => {
      request.current?.abort();
      clearTimeout(timer.current);
    },
    [],
  );

  const show = () => {
    if (open) return;
    setOpen(true);
    if (page === 0) void load(query.current, 1);
  };
  const close = (restore: boolean) => {
    setOpen(false);
    setActive(-1);
    if (restore && !p.freeText) setText(chosen?.title ?? "");
  };
  const choose = (item: ComboItem) => {
    setChosen(item);
    setText(item.title);
    close(false);
    p.onChoose?.(item);
  };
  const typed = (value: string) => {
    setText(value);
    setOpen(true);
    setActive(-1);
    // A typed street is the street, until one is picked from the list.
    if (p.freeText) setChosen(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      query.current = value.trim();
      void load(query.current, 1);
    }, DEBOUNCE_MS);
  };
  const onKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      show();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.max(0, Math.min(items.length - 1, i + step)));
    } else if (e.key === "Enter" && open && active >= 0 && items[active]) {
      e.preventDefault();
      choose(items[active]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      close(true);
    }
  };
  const onScroll = (e: React.UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (more && !loading && el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_PX) void load(query.current, page + 1);
  };
  const optionId = (item: ComboItem) => `${listId}-${item.id}`;

  // The active option stays in view as the arrows move it.
  useEffect(() => {
    if (active >= 0 && items[active]) document.getElementById(optionId(items[active]))?.scrollIntoView({ block: "nearest" });
  });

  return (
    <div className={`combobox${open ? " combobox--open" : ""}`} data-testid={p.testId}>
      <input type="hidden" name={p.name} value={chosen?.id ?? ""} />
      <div className="combobox__popup">
        <div className="combobox__field">
          <input
            ref={input}
            id={p.id}
            name={p.textName}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 && items[active] ? optionId(items[active]) : undefined}
            aria-describedby={p.describedBy}
            aria-invalid={p.invalid || undefined}
            autoComplete={p.autoComplete ?? "off"}
            value={text}
            onChange={(e) => typed(e.currentTarget.value)}
            onFocus={show}
            onClick={show}
            onKeyDown={onKey}
            onBlur={(e) => {
              // Focus moving into the popup (a shortcut, the close button) keeps it open.
              if (!e.currentTarget.closest(".combobox")?.contains(e.relatedTarget as Node | null)) close(true);
            }}
            className="input"
          />
          <button type="button" className="combobox__close" aria-label={p.texts.close} onClick={() => close(true)}>
            ×
          </button>
        </div>
        {open && p.shortcuts?.length ? (
          <fieldset className="combobox__shortcuts">
            <legend className="visually-hidden">{p.texts.shortcuts}</legend>
            {p.shortcuts.map((s) => (
              <button key={s.id} type="button" className="choice--chip" onMouseDown={(e) => e.preventDefault()} onClick={() => choose(s)}>
                {s.title}
              </button>
            ))}
          </fieldset>
        ) : null}
        <div id={listId} role="listbox" className="combobox__list" hidden={!open} onScroll={onScroll}>
          {items.map((item, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the WAI-ARIA combobox pattern: the keys go to the input (aria-activedescendant), options take clicks
            <div
              key={item.id}
              tabIndex={-1}
              id={optionId(item)}
              role="option"
              aria-selected={chosen?.id === item.id}
              className={i === active ? "combobox__option combobox__option--active" : "combobox__option"}
              // Keeps focus in the input, so its blur does not close the list before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(item)}
            >
              {item.title}
            </div>
          ))}
          {open && !loading && page > 0 && items.length === 0 ? <p className="combobox__status">{p.texts.noResults}</p> : null}
          {loading ? <p className="combobox__status">{p.texts.loading}</p> : null}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {open && !loading && page > 0 && items.length === 0 ? p.texts.noResults : ""}
        </p>
      </div>
    </div>
  );
}
