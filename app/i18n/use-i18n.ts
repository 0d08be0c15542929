import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";
import { formatUzs } from "./format";
import type { Lang } from "./languages";
import { createT, type Namespaces, type TFunction } from "./translate";
import { localizePath } from "./url";

export type I18n = {
  lang: Lang;
  defaultLang: Lang;
  t: TFunction;
  /** A site path (unprefixed, "/store/men") in the page language. */
  href: (path: string) => string;
  price: (amount: number) => string;
};

const EMPTY: Namespaces = {};

/** Translations and language helpers for components, from the root loader's data. */
export function useI18n(): I18n {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const lang = root?.lang ?? "uz";
  const defaultLang = root?.defaultLang ?? "uz";
  const messages = root?.messages ?? EMPTY;
  return useMemo(
    () => ({
      lang,
      defaultLang,
      t: createT(lang, messages),
      href: (path: string) => localizePath(path, lang, defaultLang),
      price: (amount: number) => formatUzs(amount, lang),
    }),
    [lang, defaultLang, messages],
  );
}
