/**
 * The Create NFT form's royalty section as data (docs/product.md §3): rows of address and
 * percentage (at most 2 decimals), as many as the version a new deploy gets takes
 * (`NEW_PIECE_ROYALTY`), read into basis points and checked by the chain's own rules
 * (`royaltyProblem` of @unica/contracts, for that version), each problem placed on the row it is
 * about.
 */
import { CURRENT_VERSION, royaltyProblem, type Royalty } from '@unica/contracts'
import { royaltyLimits, type RoyaltyLimits } from '@unica/rules'
import { parseUnits } from '../common/lib/format.js'

/** The royalty a new piece may have: what the version its deploy gets (v3 or later) takes. */
export const NEW_PIECE_ROYALTY: RoyaltyLimits = (() => {
  const limits = royaltyLimits(CURRENT_VERSION)
  if (limits === null) throw new RangeError(`Version ${CURRENT_VERSION} takes no royalty.`)
  return limits
})()

export interface RoyaltyRow {
  readonly address: string
  /** The percentage as typed: "5", "2.5", "0.25". */
  readonly percent: string
}

export const ROYALTY_MESSAGES = {
  percent: 'Enter a percentage from 0 to 15 with at most 2 decimals, like 2.5.',
  address: 'Enter an Algorand address.',
  zero: 'A recipient’s share must be above 0%; remove the recipient instead.',
  duplicate: 'This address is already a recipient.',
  total: `The royalty adds up to more than ${NEW_PIECE_ROYALTY.maxBasisPoints / 100n}%.`,
  tooMany: `At most ${NEW_PIECE_ROYALTY.maxRecipients} recipients.`,
} as const

export interface RoyaltyReading {
  /** The royalty to send, or null when some row has a problem. No recipients means none. */
  readonly royalty: Royalty | null
  /** Each row's problem (by index), if any. */
  readonly rows: readonly (string | null)[]
  /** A problem with the whole split (its total), if any. */
  readonly total: string | null
  /** The total in basis points of the rows that could be read. */
  readonly basisPoints: bigint
}

/** The default split: the creator alone, at 0% (no royalty until a percentage is typed). */
export const defaultRows = (creator: string | null): RoyaltyRow[] => [
  { address: creator ?? '', percent: '0' },
]

/** A typed percentage in basis points, or null when it is not 0-100 with at most 2 decimals. */
export function percentToBasisPoints(percent: string): bigint | null {
  const bp = parseUnits(percent, 2)
  return bp === null || bp > 10_000n ? null : bp
}

/**
 * Reads the rows. A split whose every row is at 0% is no royalty (sent as none); otherwise each
 * row needs an address and a share above 0, and the chain's rules apply.
 */
export function readRoyalty(rows: readonly RoyaltyRow[]): RoyaltyReading {
  const problems: (string | null)[] = rows.map(() => null)
  const shares = rows.map((r) => percentToBasisPoints(r.percent))
  shares.forEach((s, i) => {
    if (s === null) problems[i] = ROYALTY_MESSAGES.percent
  })
  const basisPoints = shares.reduce<bigint>((sum, s) => sum + (s ?? 0n), 0n)
  const paying = shares.some((s) => s !== null && s > 0n)
  const total =
    rows.length > NEW_PIECE_ROYALTY.maxRecipients
      ? ROYALTY_MESSAGES.tooMany
      : basisPoints > NEW_PIECE_ROYALTY.maxBasisPoints
        ? ROYALTY_MESSAGES.total
        : null
  if (paying) {
    rows.forEach((r, i) => {
      if (problems[i] !== null) return
      const one = { recipients: [{ address: r.address.trim(), share: shares[i] ?? 0n }] }
      const seenBefore = rows.slice(0, i).some((o) => o.address.trim() === r.address.trim())
      if (shares[i] === 0n) problems[i] = ROYALTY_MESSAGES.zero
      else if (royaltyProblem(one, CURRENT_VERSION) !== null) problems[i] = ROYALTY_MESSAGES.address
      else if (seenBefore) problems[i] = ROYALTY_MESSAGES.duplicate
    })
  }
  if (total !== null || problems.some((p) => p !== null)) {
    return { royalty: null, rows: problems, total, basisPoints }
  }
  const royalty: Royalty = paying
    ? { recipients: rows.map((r, i) => ({ address: r.address.trim(), share: shares[i] ?? 0n })) }
    : { recipients: [] }
  // The chain's own check, last: nothing the rows above let through may be refused at configure.
  const chain = royaltyProblem(royalty, CURRENT_VERSION)
  return chain === null
    ? { royalty, rows: problems, total, basisPoints }
    : { royalty: null, rows: problems, total: chain, basisPoints }
}

/** submit_asset's `royalty` field: the split as JSON, or undefined when there is none. */
export function royaltyField(royalty: Royalty): string | undefined {
  if (royalty.recipients.length === 0) return undefined
  return JSON.stringify({
    recipients: royalty.recipients.map((x) => ({ address: x.address, share: Number(x.share) })),
  })
}
