import { createContext, use } from "react";

/** Lite mode (app/server/lite.server.ts): provided on the server only, as a lite page never hydrates. */
export const LiteContext = createContext(false);

export const useLite = (): boolean => use(LiteContext);
