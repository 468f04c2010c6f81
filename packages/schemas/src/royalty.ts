/**
 * Creator royalties (manager v2, docs/product.md §3): up to 4 recipients, each paid a share (in
 * basis points) of every sale a non-creator makes; the shares add up to at most 15%. The rules
 * mirror @unica/contracts `royaltyProblem` (which this package may not import: the layer table);
 * apps/server/src/royalty-rules.test.ts checks that both agree. The server also checks each
 * address's checksum with `royaltyProblem`.
 */
import { z } from 'zod'
import { Address } from './common.js'

export const ROYALTY_LIMITS = {
  /** 15% of the price. */
  maxBasisPoints: 1500,
  maxRecipients: 4,
  /** The submit_asset field's JSON text (4 recipients need about 300 bytes). */
  fieldBytes: 2000,
} as const

/** The zero address: the chain reads it as "no recipient", so it cannot be one. */
export const ZERO_ADDRESS = `${'A'.repeat(52)}Y5HFKQ`

/** The same words as @unica/contracts `royaltyProblem`, so a field error reads the same anywhere. */
export const ROYALTY_MESSAGES = {
  tooManyRecipients: `A royalty has at most ${ROYALTY_LIMITS.maxRecipients} recipients.`,
  badAddress: (i: number) => `Recipient ${i + 1} is not an Algorand address.`,
  badShare: (i: number) => `Recipient ${i + 1}'s share must be above 0 basis points.`,
  tooMuch: `The shares add up to more than ${ROYALTY_LIMITS.maxBasisPoints} basis points (15%).`,
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

/** Why a split cannot be configured (first problem, in royaltyProblem's order), or null. */
export function royaltySplitProblem(split: {
  readonly recipients: readonly { readonly address: unknown; readonly share: unknown }[]
}): string | null {
  const { recipients } = split
  if (recipients.length > ROYALTY_LIMITS.maxRecipients) return ROYALTY_MESSAGES.tooManyRecipients
  for (const [i, r] of recipients.entries()) {
    if (!Address.safeParse(r.address).success || r.address === ZERO_ADDRESS) {
      return ROYALTY_MESSAGES.badAddress(i)
    }
    if (typeof r.share !== 'number' || !Number.isSafeInteger(r.share) || r.share <= 0) {
      return ROYALTY_MESSAGES.badShare(i)
    }
  }
  const total = recipients.reduce((sum, r) => sum + (r.share as number), 0)
  if (total > ROYALTY_LIMITS.maxBasisPoints) return ROYALTY_MESSAGES.tooMuch
  return null
}

const SplitShape = z.object({
  recipients: z.array(z.object({ address: z.unknown(), share: z.unknown() })),
})

/**
 * submit_asset's optional `royalty` field: JSON text `{"recipients":[{"address":"…","share":500}]}`
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
    const problem = royaltySplitProblem(shape.data)
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
