/**
 * The admin's operations tools (SPEC §2 email and debug tabs, DESIGN "honest operations tools"):
 * send-email and test-email through the outbox, the outbox itself (paged, retry, cancel), the
 * template previews, the environment (providers, never secrets) and the server's recent errors.
 */
export * from './email';
export * from './outbox';
export * from './templates';
export * from './environment';
