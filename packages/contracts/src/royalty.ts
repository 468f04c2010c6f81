/**
 * Creator royalties (manager v2 and later): recipients, each with a share in basis points of every
 * sale's price, fixed at configuration; how many a version takes is @unica/rules'
 * `royaltyLimits(version)`. Here: checking a split for a version, its bytes for the configure
 * call, and the arithmetic the contract does on a sale, so the UI can show what a seller receives
 * before signing.
 */
import {
  BASIS_POINTS,
  ROYALTY_RULE_MESSAGES,
  royaltyLimits,
  type ContractVersion,
} from '@unica/rules'
import algosdk from 'algosdk'

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
 * Why a manager of `version` would refuse this split at configuration, or null when it takes it.
 * No default version: a check made for the wrong version is how a v3 piece with v2's 4 recipients
 * once got stuck at setup.
 */
export function royaltyProblem(r: Royalty, version: ContractVersion): string | null {
  const limits = royaltyLimits(version)
  if (limits === null) {
    return r.recipients.length === 0 ? null : ROYALTY_RULE_MESSAGES.none(version)
  }
  if (r.recipients.length > limits.maxRecipients) {
    return ROYALTY_RULE_MESSAGES.tooManyRecipients(limits)
  }
  for (const [i, x] of r.recipients.entries()) {
    if (!algosdk.isValidAddress(x.address) || x.address === algosdk.ALGORAND_ZERO_ADDRESS_STRING) {
      return ROYALTY_RULE_MESSAGES.badAddress(i)
    }
    if (x.share <= 0n) return ROYALTY_RULE_MESSAGES.badShare(i)
  }
  if (royaltyBasisPoints(r) > limits.maxBasisPoints) return ROYALTY_RULE_MESSAGES.tooMuch(limits)
  return null
}

/**
 * The configure call's args[1] for a manager of `version`: each recipient's 32-byte key and
 * 8-byte share, in order.
 */
export function encodeRoyalty(r: Royalty, version: ContractVersion): Uint8Array {
  const problem = royaltyProblem(r, version)
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
