export {
  confirmUserEmail,
  createEmailUser,
  type Personal,
  phoneUser,
  returnBonusesStatement,
  savePersonal,
  setConfirmedEmail,
  setPasswordStatement,
  setVerifiedPhone,
  spendBonusesStatement,
} from "./users.server";
