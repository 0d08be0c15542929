import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server's render and while the page hydrates, true after it (and at once for
 * what mounts later): for controls that only make sense with JavaScript, or only without it.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
