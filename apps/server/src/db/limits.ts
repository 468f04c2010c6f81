/**
 * PostgreSQL's bigint holds up to 2^63 - 1: ids (asset, application, round) are bigint, and a
 * uint64 id above it matches nothing stored (the chain hands them out far below it). Routes check
 * input against it before asking the chain; repositories drop such ids from their lookups.
 */
export const PG_BIGINT_MAX = 2n ** 63n - 1n
