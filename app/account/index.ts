export { AccountPage } from "./account-page";
export type { Failure } from "./section";
export { phoneChangeApiSchema, SIZE_FIELDS } from "./schema";
export { ClubAboutPage } from "./club-about";
export { ClubCardPage } from "./club-page";
