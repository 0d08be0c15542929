import type { Lang } from "~/i18n/languages";
import { nameCol } from "./sql.server";
import type { Category } from "./types";

/** A category as its query selects it. */
type CategoryRow = { id: number; parentId: number | null; slug: string; path: string; depth: number; name: string };

function categoryFromRow(r: CategoryRow): Category {
  return { id: r.id, parentId: r.parentId, slug: r.slug, path: r.path, depth: r.depth, name: r.name };
}

/**
 * The category tree changes with a deploy, not between requests, and every page
 * needs it (menu, breadcrumbs): each isolate keeps it for a minute. Only
 * settled values are kept (a Worker must not await another request's I/O).
 */
const CATEGORY_TTL_MS = 60_000;
const categoryCache = new Map<Lang, { at: number; value: Category[] }>();

export async function getCategories(db: D1Database, lang: Lang): Promise<Category[]> {
  const hit = categoryCache.get(lang);
  if (hit && Date.now() - hit.at < CATEGORY_TTL_MS) return hit.value;
  const value = await queryCategories(db, lang);
  categoryCache.set(lang, { at: Date.now(), value });
  return value;
}

async function queryCategories(db: D1Database, lang: Lang): Promise<Category[]> {
  const { results } = await db
    .prepare(
      `SELECT id, parent_id AS parentId, slug, path, depth, ${nameCol(lang)} AS name
       FROM categories ORDER BY depth, position, id`,
    )
    .all<CategoryRow>();
  return results.map(categoryFromRow);
}

/** The category and its ancestors, root first; null if the path is unknown. */
export function categoryTrail(categories: Category[], path: string): Category[] | null {
  const byPath = new Map(categories.map((c) => [c.path, c]));
  if (!byPath.has(path)) return null;
  const parts = path.split("/");
  return parts.map((_, i) => byPath.get(parts.slice(0, i + 1).join("/"))!).filter(Boolean);
}

export function childrenOf(categories: Category[], id: number | null): Category[] {
  return categories.filter((c) => c.parentId === id);
}
