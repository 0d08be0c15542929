export { enqueue, listOutbox } from "./outbox.server";
export { consumeOutbox, type QueueMessageBody } from "./outbox.server";
