export { enqueue, listOutbox } from "./outbox.server";
export { consumeOutbox, requeueLost, type QueueMessageBody } from "./outbox.server";
