export { AccountPage } from "./account-page";
export type { Failure } from "./section";
