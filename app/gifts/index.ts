export { GiftHintPopup, type GiftHintPopupProps } from "./gift-hint-popup";
export { GIFT_HINTS_OPEN_MAX, giftHintApiSchema, giftHintSchema, giftHintTokenSchema } from "./schema";
