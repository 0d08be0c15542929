export {
  GIFT_HINT_LIMITS,
  GIFT_HINT_TTL_SECONDS,
  type GiftHintOwner,
  giftHintOwner,
  openGiftHint,
  purgeOldGiftHints,
  sendGiftHint,
} from "./gift-hints.server";
