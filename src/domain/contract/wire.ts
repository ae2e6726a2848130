/**
 * How values travel: JSON, snake_case names (docs/decisions/0007). A `Timestamp` is an ISO 8601
 * date-time string on the wire; the server holds it as a Date until JSON.stringify writes it.
 */

/**
 * An instant as the API sends it: ISO 8601 with offset, e.g. '2026-11-23T21:00:00.000Z'.
 * @format date-time
 */
export type Timestamp = string;

/**
 * What the server may hand to `c.json` for the wire type `T`: the same shape, except that a
 * string may still be a Date (JSON.stringify writes Dates as ISO 8601 strings). Routes check
 * their answers with `answer satisfies Encoded<ContractType>`.
 */
export type Encoded<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? readonly Encoded<U>[]
    : T extends object
      ? { [K in keyof T]: Encoded<T[K]> }
      : T;

/** `{ ok: true }`: the answer of actions that return nothing else. */
export interface Ok {
  ok: true;
}
