export { confirmEmailChange, getAccount } from "./account.server";
export { runAccountAction } from "./actions.server";
export type { Section } from "./section";
