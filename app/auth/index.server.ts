export { beginUserSession, endUserSession, guestReturnUrl, requireApiUser, requireUserId, startUserSession } from "./auth.server";
export { checkCode, issueCode } from "./codes.server";
export { type Mail, confirmEmail, mailLink, resetPassword, sendEmailConfirmation, sendPasswordReset } from "./email-links.server";
export { LOGIN_LIMITS, loginByForm, passwordLogin, signUp } from "./sign-in.server";
export { CALLER_PREFIX, sendCallCode, sendLoginCode, verifyLoginCode } from "./sms-login.server";
export { randomToken } from "./codes.server";
export { sha256Hex } from "./password.server";
