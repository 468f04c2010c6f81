/**
 * Creator royalties (manager v2 and later, docs/product.md §3): recipients, each paid a share (in
 * basis points) of every sale a non-creator makes. The limits are each version's, from
 * @unica/rules (the same module @unica/contracts' `royaltyProblem` reads): an answer about any
 * app may carry the most any version holds, while a new piece's split is checked for the version a
 * new deploy gets (CURRENT_VERSION). The server also checks each address's checksum with
 * `royaltyProblem`; apps/server/src/royalty-rules.test.ts checks that both agree.
 */
import {
  CURRENT_VERSION,
  MOST_ROYALTY_BASIS_POINTS,
  MOST_ROYALTY_RECIPIENTS,
  ROYALTY_RULE_MESSAGES,
  royaltyLimits,
  type ContractVersion,
  type RoyaltyLimits,
} from '@unica/rules'
import { z } from 'zod'
import { Address } from './common.js'

export const ROYALTY_LIMITS = {
  /** The most basis points any version takes (15% of the price). */
  maxBasisPoints: Number(MOST_ROYALTY_BASIS_POINTS),
  /** The most recipients any version holds (an answer may describe any version's app). */
  maxRecipients: MOST_ROYALTY_RECIPIENTS,
  /** The submit_asset field's JSON text (4 recipients need about 300 bytes). */
  fieldBytes: 2000,
} as const

/** The zero address: the chain reads it as "no recipient", so it cannot be one. */
export const ZERO_ADDRESS = `${'A'.repeat(52)}Y5HFKQ`

/** What a new piece's split is checked for: the version a new deploy gets. */
const NEW_PIECE_LIMITS: RoyaltyLimits = limitsOf(CURRENT_VERSION)

function limitsOf(version: ContractVersion): RoyaltyLimits {
  const limits = royaltyLimits(version)
  if (limits === null) throw new RangeError(ROYALTY_RULE_MESSAGES.none(version))
  return limits
}

/**
 * The same words as @unica/contracts `royaltyProblem` (both from @unica/rules), so a field error
 * reads the same anywhere; the limits are a new piece's.
 */
export const ROYALTY_MESSAGES = {
  tooManyRecipients: ROYALTY_RULE_MESSAGES.tooManyRecipients(NEW_PIECE_LIMITS),
  badAddress: ROYALTY_RULE_MESSAGES.badAddress,
  badShare: ROYALTY_RULE_MESSAGES.badShare,
  tooMuch: ROYALTY_RULE_MESSAGES.tooMuch(NEW_PIECE_LIMITS),
  notJson: 'Must be JSON: {"recipients":[{"address":"…","share":500}]}.',
} as const

export const RoyaltyRecipient = z.object({
  address: Address,
  /** Basis points of the price (1 = 0.01%). */
  share: z.number().int().positive(),
})
export type RoyaltyRecipient = z.infer<typeof RoyaltyRecipient>

/**
 * An asset's royalty: its total in basis points and who gets what. A v2 app without royalty has
 * `{basis_points: 0, recipients: []}`.
 */
export const Royalty = z.object({
  basis_points: z.number().int().min(0).max(ROYALTY_LIMITS.maxBasisPoints),
  recipients: z.array(RoyaltyRecipient).max(ROYALTY_LIMITS.maxRecipients),
})
export type Royalty = z.infer<typeof Royalty>

/** A split as the creator chooses it: the recipients; the total is their sum. */
export interface RoyaltySplit {
  readonly recipients: readonly RoyaltyRecipient[]
}

/**
 * Why a manager of `version` could not be configured with this split (first problem, in
 * royaltyProblem's order), or null.
 */
export function royaltySplitProblem(
  split: {
    readonly recipients: readonly { readonly address: unknown; readonly share: unknown }[]
  },
  version: ContractVersion,
): string | null {
  const { recipients } = split
  const limits = royaltyLimits(version)
  if (limits === null) return recipients.length === 0 ? null : ROYALTY_RULE_MESSAGES.none(version)
  if (recipients.length > limits.maxRecipients) {
    return ROYALTY_RULE_MESSAGES.tooManyRecipients(limits)
  }
  for (const [i, r] of recipients.entries()) {
    if (!Address.safeParse(r.address).success || r.address === ZERO_ADDRESS) {
      return ROYALTY_MESSAGES.badAddress(i)
    }
    if (typeof r.share !== 'number' || !Number.isSafeInteger(r.share) || r.share <= 0) {
      return ROYALTY_MESSAGES.badShare(i)
    }
  }
  const total = recipients.reduce((sum, r) => sum + BigInt(r.share as number), 0n)
  if (total > limits.maxBasisPoints) return ROYALTY_RULE_MESSAGES.tooMuch(limits)
  return null
}

const SplitShape = z.object({
  recipients: z.array(z.object({ address: z.unknown(), share: z.unknown() })),
})

/**
 * submit_asset's optional `royalty` field, for a new piece (so checked for CURRENT_VERSION, the
 * version its deploy gets): JSON text `{"recipients":[{"address":"…","share":500}]}`
 * (shares in basis points), parsed to the split; an empty list means no royalty. One clear message
 * per problem.
 */
export const RoyaltyField = z
  .string()
  .max(ROYALTY_LIMITS.fieldBytes, 'Too large.')
  .transform((text, ctx): RoyaltySplit => {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      ctx.addIssue({ code: 'custom', message: ROYALTY_MESSAGES.notJson })
      return z.NEVER
    }
    const shape = SplitShape.safeParse(json)
    if (!shape.success) {
      ctx.addIssue({ code: 'custom', message: ROYALTY_MESSAGES.notJson })
      return z.NEVER
    }
    const problem = royaltySplitProblem(shape.data, CURRENT_VERSION)
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem })
      return z.NEVER
    }
    return {
      recipients: shape.data.recipients.map((r) => ({
        address: r.address as string,
        share: r.share as number,
      })),
    }
  })

/** The answer's form of a split. */
export const royaltyOf = (split: RoyaltySplit): Royalty => ({
  basis_points: split.recipients.reduce((sum, r) => sum + r.share, 0),
  recipients: split.recipients.map((r) => ({ address: r.address, share: r.share })),
})
