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

/** A refund as the console's money page shows it: what it waits for, and what an operator may do. */
export type ConsoleRefund = {
  id: number;
  orderNumber: string;
  provider: string;
  transaction: string;
  amount: number;
  state: "pending" | "requested" | "refunded" | "failed";
  attempts: number;
  lastError: string | null;
  lastOutcome: "refused" | "unknown" | null;
  failure: string | null;
  task: string | null;
  deadlineAt: number;
  /** Whether "done by hand" is allowed now (the provider can no longer send it). */
  canMarkDone: boolean;
  /** Whether a try now is allowed (owed, no try under way). */
  canRetry: boolean;
};

export type ConsoleReceipt = { id: number; orderNumber: string; kind: "sale" | "return"; state: string; attempts: number; answer: string | null };
export type ConsoleFinding = {
  id: number;
  kind: string;
  orderNumber: string;
  provider: string;
  transaction: string;
  amount: number;
  detail: string;
  foundAt: number;
};
