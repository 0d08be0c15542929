import { createContext, type RouterContextProvider } from "react-router";

/**
 * What a guest's session owned, moved to the account at sign-in: each owner of such rows (the
 * cart, the checkout's draft, favourites, followed brands, searches, orders) gives its statements,
 * keyed by the account and the guest's key, and the sign-in runs them all in one batch before the
 * guest's session ends. The root composes them (app/root.tsx), as it composes the layout: the
 * sign-in itself (app/auth) says who the shopper is and imports none of those features.
 */
export type GuestMerge = (db: D1Database, userId: number, guestKey: string) => D1PreparedStatement[];

export const guestMergeContext = createContext<GuestMerge>();

/** The merge the root composed for this request. */
export function guestMergeOf(context: Readonly<RouterContextProvider>): GuestMerge {
  return context.get(guestMergeContext);
}
