import { createContext, use } from "react";

/**
 * What only the server's render knows about this response: the CSP nonce (browsers hide
 * nonces from scripts anyway) and lite mode (app/server/lite.server.ts: a lite page never
 * hydrates). The browser sees the defaults.
 */
export const ResponseContext = createContext<{ nonce?: string; lite?: boolean; css?: string }>({});

export function useNonce(): string | undefined {
  return use(ResponseContext).nonce;
}

/** Lite mode: the page goes without any script, error pages included. */
export function useLite(): boolean {
  return use(ResponseContext).lite === true;
}

/**
 * The stylesheet, in the server's render only. The browser's render names the same `<style>` by
 * its key (React adopts the server's element), so the text never travels in the scripts.
 */
export const useInlineCss = (): string | undefined => use(ResponseContext).css;
