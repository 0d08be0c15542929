/** The console's pages, in its menu's order (the scope each needs: console.server.ts). */
export const CONSOLE_PAGES = ["reviews", "orders", "item"] as const;
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
};

export type ConsoleItem = {
  slug: string;
  firstPrice: number;
  salePrice: number;
  skus: { id: number; size: string; stock: number }[];
};
