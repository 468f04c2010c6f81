/**
 * The market protocol as data (spec.ts, v1.ts, v2.ts, v3.ts), the builder from it, and its two
 * readers.
 */
export * from './build.js'
export * from './read-confirmed.js'
export * from './read-signed.js'
export * from './spec.js'
export * from './state-spec.js'
export * from './terms.js'
export * from './versions.js'
export { V1 } from './v1.js'
export { CLAIM_ARG, V2 } from './v2.js'
export { AUCTION_ARGS, V3 } from './v3.js'
export * from './auction.js'
export * from './fillable.js'
