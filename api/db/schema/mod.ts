export * from "./contact-messages.ts";
export * from "./outbox.ts";
export * from "./processed-events.ts";
