/**
 * How JSON answers are gzipped. JSON answers are mostly made for one request (a list page of one
 * filter mix, a calendar), so gzip runs once per answer on the event loop: level 1 takes about a
 * fifth of the default level's time for a list page and its bytes differ by a few percent
 * (decision 0034). Shared by http/content-length (answers) and services/venues/search (kept
 * pages), so a service need not import the http layer.
 */
export const JSON_GZIP = { level: 1 } as const;
