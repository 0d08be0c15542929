import { createContext, use } from "react";

/** The CSP nonce, provided on the server only (browsers hide nonces from scripts anyway). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return use(NonceContext);
}
