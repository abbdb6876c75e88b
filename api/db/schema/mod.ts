export * from "./contact-messages.ts";
export * from "./login-throttle.ts";
export * from "./outbox.ts";
export * from "./processed-events.ts";
export * from "./refresh-tokens.ts";
export * from "./user-tokens.ts";
export * from "./users.ts";
