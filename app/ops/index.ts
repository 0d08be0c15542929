export { ackSchema, feedQuerySchema, opsModerationSchema, orderStepSchema, TRACKING_MAX } from "./schema";
export { CONSOLE_PAGES, type ConsoleItem, type ConsoleMiss, type ConsoleOrder, type ConsoleSection, type ConsoleSynonym } from "./console";
export { MoneyView } from "./money-view";
