export { safeReturnUrl } from "./return-url";
export {
  email,
  emailLinkSchema,
  firstName,
  forgotSchema,
  loginSchema,
  PASSWORD_MIN,
  phone,
  resetSchema,
  signupSchema,
  smsCode,
  smsSendSchema,
  smsVerifySchema,
} from "./schema";
