import type { Lang } from "~/i18n/languages";
import type { MenuItem } from "~/layout/data";
import { getCategories } from "./categories.server";

/** The catalogue's part of the layout: top categories with their children, for the header menu. */
export async function catalogueMenu(db: D1Database, lang: Lang): Promise<MenuItem[]> {
  const categories = await getCategories(db, lang);
  return categories
    .filter((c) => c.depth === 0)
    .map((top) => ({
      path: top.path,
      name: top.name,
      children: categories.filter((c) => c.parentId === top.id).map((c) => ({ path: c.path, name: c.name })),
    }));
}
