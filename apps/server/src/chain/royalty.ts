/**
 * A v2 manager's royalty split as the chain holds it (its slots, read by @unica/contracts
 * `decodeManagerGlobal` or from a configure call's state change), in the form assets.royalty
 * stores (migration 0007). Once an app is configured this is the truth: it replaces the split
 * chosen at creation.
 */
import type { RoyaltySlot } from '@unica/contracts'
import type { StoredRoyalty } from '../db/schema.js'

/** The stored split; a configured v2 app without R keys (no royalty) stores an empty one. */
export function storedRoyalty(slots: readonly RoyaltySlot[] | undefined): StoredRoyalty {
  // Shares are at most 1500 basis points: exact as numbers.
  return (slots ?? []).map((s) => ({ address: s.address, share: Number(s.share) }))
}
