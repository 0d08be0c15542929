export { confirmEmailChange, getAccount } from "./account.server";
export { runAccountAction, runAccountApi } from "./actions.server";
export type { Section } from "./section";
export { clubCard, clubRulesOf } from "./club.server";
