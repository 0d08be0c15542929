export { ackSchema, feedQuerySchema, opsModerationSchema, orderStepSchema, TRACKING_MAX } from "./schema";
