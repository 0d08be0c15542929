export {
  confirmUserEmail,
  createEmailUser,
  type Personal,
  phoneUser,
  returnBonusesStatement,
  savedSizes,
  savePersonal,
  setConfirmedEmail,
  setPasswordStatement,
  setVerifiedPhone,
  spendBonusesStatement,
} from "./users.server";
