export { AccountPage } from "./account-page";
export type { Failure } from "./section";
export { SIZE_FIELDS } from "./schema";
