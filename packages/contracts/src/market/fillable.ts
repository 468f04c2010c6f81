/**
 * Audit fix 3: a bid or a listing the chain can never fill must not look fillable. The chain is
 * right to refuse them; this says so before anyone signs, from the holders' opt-ins (both
 * versions: royalty recipients never block a sale, see v2.ts).
 * - A bid is filled by a sell now, which sends the NFT to the bidder: the bidder must be opted in
 *   to the NFT (a bidder who opted out after bidding leaves a bid no sell now can fill).
 * - A listing is filled by a buy now, which pays the owner O in USDC: O must be opted in to USDC.
 */

export type Fillability =
  { readonly fillable: true } | { readonly fillable: false; readonly why: string }

const FILLABLE: Fillability = { fillable: true }

export interface BidHolder {
  /** Whether the bidder's account holds (is opted in to) the NFT asset. */
  readonly bidderOptedInToNft: boolean
}

export interface ListingHolder {
  /** Whether the owner O's account is opted in to USDC. */
  readonly ownerOptedInToUsdc: boolean
}

export function bidFillability(bid: BidHolder): Fillability {
  return bid.bidderOptedInToNft
    ? FILLABLE
    : {
        fillable: false,
        why: 'The bidder has opted out of this NFT, so it cannot be sent to them: this offer cannot be accepted until they opt in again.',
      }
}

export function listingFillability(listing: ListingHolder): Fillability {
  return listing.ownerOptedInToUsdc
    ? FILLABLE
    : {
        fillable: false,
        why: 'The owner has opted out of USDC, so they cannot be paid: this NFT cannot be bought until they opt in again.',
      }
}

/** The highest bid a sell now can fill (the first such among equals), or undefined. */
export function highestFillableBid<T extends BidHolder & { readonly bid: bigint }>(
  bids: readonly T[],
): T | undefined {
  return bids
    .filter((b) => bidFillability(b).fillable)
    .reduce<T | undefined>(
      (best, b) => (best === undefined || b.bid > best.bid ? b : best),
      undefined,
    )
}
