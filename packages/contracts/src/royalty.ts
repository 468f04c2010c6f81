/**
 * Creator royalties (manager v2): up to MAX_ROYALTY_RECIPIENTS recipients, each with a share in
 * basis points of every sale's price, fixed at configuration. Here: checking a split, its bytes
 * for the configure call, and the arithmetic the contract does on a sale, so the UI can show what
 * a seller receives before signing.
 */
import algosdk from 'algosdk'
import { BASIS_POINTS, MAX_ROYALTY_BASIS_POINTS, MAX_ROYALTY_RECIPIENTS } from './protocol.js'

export interface RoyaltyRecipient {
  readonly address: string
  /** Basis points of the price (1 = 0.01%). */
  readonly share: bigint
}

/** The split a v2 manager pays on every sale not made by its creator. */
export interface Royalty {
  readonly recipients: readonly RoyaltyRecipient[]
}

export const NO_ROYALTY: Royalty = { recipients: [] }

/** The royalty's total in basis points. */
export const royaltyBasisPoints = (r: Royalty): bigint =>
  r.recipients.reduce((sum, x) => sum + x.share, 0n)

/**
 * Why the chain would refuse this split at configuration, or null when it takes it (`most`: the
 * version's limit, maxRoyaltyRecipients; v2's by default).
 */
export function royaltyProblem(r: Royalty, most = MAX_ROYALTY_RECIPIENTS): string | null {
  if (r.recipients.length > most) {
    return `A royalty has at most ${most} recipients.`
  }
  for (const [i, x] of r.recipients.entries()) {
    if (!algosdk.isValidAddress(x.address) || x.address === algosdk.ALGORAND_ZERO_ADDRESS_STRING) {
      return `Recipient ${i + 1} is not an Algorand address.`
    }
    if (x.share <= 0n) return `Recipient ${i + 1}'s share must be above 0 basis points.`
  }
  if (royaltyBasisPoints(r) > MAX_ROYALTY_BASIS_POINTS) {
    return `The shares add up to more than ${MAX_ROYALTY_BASIS_POINTS} basis points (15%).`
  }
  return null
}

/** The configure call's args[1]: each recipient's 32-byte key and 8-byte share, in order. */
export function encodeRoyalty(r: Royalty, most = MAX_ROYALTY_RECIPIENTS): Uint8Array {
  const problem = royaltyProblem(r, most)
  if (problem !== null) throw new RangeError(problem)
  const out = new Uint8Array(40 * r.recipients.length)
  r.recipients.forEach((x, i) => {
    out.set(algosdk.decodeAddress(x.address).publicKey, 40 * i)
    out.set(algosdk.encodeUint64(x.share), 40 * i + 32)
  })
  return out
}

/** One recipient's cut of a sale: floor(price × share / 10000), as the contract's mulw/divw. */
export const royaltyCut = (price: bigint, share: bigint): bigint => (price * share) / BASIS_POINTS

/** What a sale at `price` pays: each recipient's cut (none when the creator sells) and the rest. */
export function royaltySplit(
  price: bigint,
  royalty: Royalty,
  sellerIsCreator: boolean,
): { readonly cuts: readonly bigint[]; readonly seller: bigint } {
  const cuts = royalty.recipients.map((x) => (sellerIsCreator ? 0n : royaltyCut(price, x.share)))
  return { cuts, seller: price - cuts.reduce((a, b) => a + b, 0n) }
}
