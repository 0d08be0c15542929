export { callCode, callSendSchema, callVerifySchema } from "./call-schema";
export {
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
