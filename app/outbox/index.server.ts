export { dispatch, enqueue, enqueueStatement, listOutbox, type OutboxMessage } from "./outbox.server";
export { requeueLost, type QueueMessageBody } from "./outbox.server";
export { consumeOutbox } from "./queue.server";
export { type AlertKind, alertOperators } from "./alerts.server";
