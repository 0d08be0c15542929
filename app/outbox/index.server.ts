export { dispatch, enqueue, enqueueStatement, listOutbox, type OutboxMessage } from "./outbox.server";
export { consumeOutbox, requeueLost, type QueueMessageBody } from "./outbox.server";
