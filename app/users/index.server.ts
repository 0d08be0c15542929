export {
  confirmUserEmail,
  createEmailUser,
  type Personal,
  phoneUser,
  returnBonusesStatement,
  savedSizes,
  savedSizesOf,
  savePersonal,
  setConfirmedEmail,
  setPasswordStatement,
  setVerifiedPhone,
  spendBonusesStatement,
} from "./users.server";
