import { type ComponentType, useState } from "react";
import { useI18n } from "~/i18n/use-i18n";
import { Icon } from "~/ui/icons";

import { useLayoutData } from "./data";
import type { SearchComboboxProps } from "./search-combobox";

/**
 * The header's search: a GET form to the search page (without JavaScript, that is all). The
 * suggestions and recent searches (./search-combobox, the autocomplete route's `handle`) load
 * when the box first gets focus, so no page carries their script before someone uses the box.
 */
export function SearchBox() {
  const { t, href } = useI18n();
  const url = useLayoutData()?.searchUi;
  const [ui, setUi] = useState<{ Combobox: ComponentType<SearchComboboxProps>; form: HTMLFormElement } | null>(null);
  // By the URL of the route module that carries it (docs/decisions/008): an import() of the
  // module's path would bring Vite's preload helper into every page.
  const load = (event: React.FocusEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form!;
    if (!ui && url)
      import(/* @vite-ignore */ url).then(
        (route: { handle: { SearchCombobox: ComponentType<SearchComboboxProps> } }) => setUi({ Combobox: route.handle.SearchCombobox, form }),
        () => {},
      );
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the phones we serve; the role says the same
    <form method="get" action={href("/search")} role="search" className="search" aria-label={t("layout.searchLabel")}>
      <input onFocus={load} type="search" name="q" aria-label={t("layout.searchLabel")} placeholder={t("layout.searchPlaceholder")} maxLength={100} required />
      <button type="submit" aria-label={t("layout.searchSubmit")}>
        <Icon name="search" />
      </button>
      {ui ? <ui.Combobox form={ui.form} /> : null}
    </form>
  );
}
