/**
 * Creator royalties (manager v2 and later): each recipient gets a share, in basis points, of every
 * sale not made by the creator, fixed when the app is configured. The limits differ by version, so
 * every check (the Create NFT form, the shared schema, the server, the builders) asks this module
 * for the version it checks for. A restated limit shipped a bug once: v3 takes 3 recipients while
 * the form, the schema and the server took v2's 4, and such a piece could never be set up.
 */
import { CONTRACT_VERSIONS, type ContractVersion } from './versions.js'

/** Shares are basis points of the price: 10,000 is 100%. */
export const BASIS_POINTS = 10_000n

export interface RoyaltyLimits {
  /** The most recipients the configure call takes. */
  readonly maxRecipients: number
  /** The most the shares may add up to (15% in every version so far). */
  readonly maxBasisPoints: bigint
}

const MAX_BASIS_POINTS = 1_500n

const LIMITS: Readonly<Record<ContractVersion, RoyaltyLimits | null>> = {
  // Version 1 has no royalty.
  1: null,
  // R0..R3: four 40-byte slots of global state.
  2: { maxRecipients: 4, maxBasisPoints: MAX_BASIS_POINTS },
  // An auction's settle names the winner, the seller, each recipient, the NFT, USDC and a held
  // refund box, and an app call names at most 8 resources: one slot fewer.
  3: { maxRecipients: 3, maxBasisPoints: MAX_BASIS_POINTS },
}

/** What a manager of `version` takes at configuration, or null when it has no royalty. */
export const royaltyLimits = (version: ContractVersion): RoyaltyLimits | null => LIMITS[version]

/** The most recipients any version holds: what an answer about any app may carry. */
export const MOST_ROYALTY_RECIPIENTS = Math.max(
  ...CONTRACT_VERSIONS.map((v) => LIMITS[v]?.maxRecipients ?? 0),
)

/** The most basis points any version takes. */
export const MOST_ROYALTY_BASIS_POINTS = CONTRACT_VERSIONS.reduce((most, v) => {
  const limit = LIMITS[v]?.maxBasisPoints ?? 0n
  return limit > most ? limit : most
}, 0n)

/**
 * The refusals' words, one home for the form, the schema, the server and the builders, so that a
 * problem reads the same wherever it is caught.
 */
export const ROYALTY_RULE_MESSAGES = {
  none: (version: ContractVersion) => `Contract version ${version} pays no royalty.`,
  tooManyRecipients: (limits: RoyaltyLimits) =>
    `A royalty has at most ${limits.maxRecipients} recipients.`,
  badAddress: (i: number) => `Recipient ${i + 1} is not an Algorand address.`,
  badShare: (i: number) => `Recipient ${i + 1}'s share must be above 0 basis points.`,
  tooMuch: (limits: RoyaltyLimits) =>
    `The shares add up to more than ${limits.maxBasisPoints} basis points (${limits.maxBasisPoints / 100n}%).`,
} as const
