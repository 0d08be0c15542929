export { OPS_TRIES, OPS_TRIES_WINDOW, type OpsRequest, opsCall } from "./call.server";
export { createOpsKey, OPS_SCOPES, type OpsScope, SCOPE, purgeOldAudit, revokeOpsKey } from "./keys.server";
export { acknowledgeOrders, orderFeed, setOrderStatus } from "./orders.server";
export { decideReview, reviewQueue } from "./reviews.server";
export { importCatalogue } from "./catalogue.server";
export { CONSOLE_SECTIONS, consoleAction, consoleData, nextSteps, requireConsole, signIn, signOut } from "./console.server";
export { uploadPhoto } from "./photos.server";
export { searchMissesCall, searchSynonymsCall } from "./search.server";
export { receiptStepCall, receiptsCall, reconciliationCall, refundsCall, refundStepCall } from "./refunds.server";
