export { ackSchema, feedQuerySchema, opsModerationSchema, orderStepSchema, TRACKING_MAX } from "./schema";
export { CONSOLE_PAGES, type ConsoleItem, type ConsoleOrder, type ConsoleSection } from "./console";
