export { safeReturnUrl } from "./return-url";
export {
  callCode,
  callSendSchema,
  callVerifySchema,
  email,
  emailLinkSchema,
  firstName,
  forgotByPhoneSchema,
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
