export { AccountPage, type Failure } from "./account-page";
