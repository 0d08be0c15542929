export { safeReturnUrl } from "./return-url";
export { type FieldErrors, PASSWORD_MIN, fieldErrors, loginSchema, phone, signupSchema } from "./schema";
