export { beginUserSession, createAccount, endUserSession, getUserId, requireApiUser, requireUserId, startUserSession, verifyLogin } from "./auth.server";
export { checkCode, issueCode } from "./codes.server";
export { type Mail, confirmEmail, mailLink, resetPassword, sendEmailConfirmation, sendPasswordReset } from "./email-links.server";
export { sendLoginCode, verifyLoginCode } from "./sms-login.server";
