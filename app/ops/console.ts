/** The console's pages, in its menu's order (the scope each needs: console.server.ts). Not "search": /ops/search would be the search page of a language "ops". */
export const CONSOLE_PAGES = ["reviews", "orders", "money", "item", "searches"] as const;
export type ConsoleSection = (typeof CONSOLE_PAGES)[number];

export type ConsoleOrder = {
  id: number;
  number: string;
  state: string;
  createdAt: number;
  total: number;
  payment: string;
  tracking: string | null;
  steps: string[];
  /** Money going back: still owed (with the provider's last answer, for a person to act on) or made. */
  refund: { state: "pending" | "requested" | "refunded" | "failed"; amount: number; attempts: number; lastError: string | null } | null;
};

export type ConsoleItem = {
  slug: string;
  firstPrice: number;
  salePrice: number;
  skus: { id: number; size: string; stock: number }[];
};

/** A search that found nothing, or was corrected, this week. */
export type ConsoleMiss = { query: string; lang: string; count: number; correctedTo: string | null };
export type ConsoleSynonym = { id: number; word: string; means: string; lang: string };
