export { ackSchema, feedQuerySchema, opsModerationSchema, orderStepSchema, TRACKING_MAX } from "./schema";
export { CONSOLE_PAGES, type ConsoleItem, type ConsoleMiss, type ConsoleOrder, type ConsoleSection, type ConsoleSynonym } from "./console";
export { MoneyView } from "./money-view";
export { ConsoleShell, consoleHeaders, consoleMeta, replyOf } from "./console-shell";
export { ItemView } from "./item-view";
export { OrdersView } from "./orders-view";
export { ReviewsView } from "./reviews-view";
export { SearchesView } from "./searches-view";
