export { confirmEmailChange, getAccount } from "./account.server";
export { type Section, runAccountAction } from "./actions.server";
