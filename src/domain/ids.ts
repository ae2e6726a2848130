/**
 * The form of every id Velvet makes (the database's `gen_random_uuid()`), in either case. Written
 * without a flag, so the OpenAPI document states it as a pattern any client can use.
 */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Whether `value` can be an id: anything else names no row, and is answered without a query. */
export const isUuid = (value: string) => UUID_PATTERN.test(value);
