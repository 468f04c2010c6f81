/**
 * The staff console's payloads (`/api/admin/...`, issue 19): creator applications under review,
 * staff, hidden pieces, operations, the follower's progress and the audit log. Every route needs
 * a signed-in session whose account is staff at the time of the request (401 without a session,
 * 403 for another account).
 */
import { z } from 'zod'
import { Asset } from './assets.js'
import { Address, Page, PageQuery, Timestamp, Uint64String } from './common.js'
import { Operation } from './operations.js'

export const APPLICATION_STATUSES = ['pending', 'accepted', 'declined'] as const
export const ApplicationStatus = z.enum(APPLICATION_STATUSES)
export type ApplicationStatus = z.infer<typeof ApplicationStatus>

/** A stored id in a path: a positive decimal within bigint range (checked again by the server). */
export const RecordIdParam = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Not an id.'),
})

/** A creator application as staff read it (docs/product.md §3 fields, and its review). */
export const ApplicationRecord = z.object({
  id: z.string(),
  wallet_address: z.string(),
  name: z.string(),
  email: z.string(),
  alias: z.string(),
  about: z.string(),
  twitter_url: z.string(),
  instagram_url: z.string(),
  facebook_url: z.string(),
  tiktok_url: z.string(),
  behance_url: z.string(),
  portfolio_url: z.string(),
  created_at: Timestamp,
  status: ApplicationStatus,
  decided_at: Timestamp.nullable(),
  decided_by: z.string().nullable(),
})
export type ApplicationRecord = z.infer<typeof ApplicationRecord>

export const ApplicationListQuery = PageQuery.extend({ status: ApplicationStatus.optional() })

/** The longest reason staff may give (hiding a piece, declining an application). */
export const REASON_MAX = 500

/** A reason: required, at most REASON_MAX characters once trimmed. */
export const Reason = z
  .string()
  .trim()
  .min(1, 'A reason is required.')
  .max(REASON_MAX, `At most ${String(REASON_MAX)} characters.`)

export const DeclineBody = z.object({ reason: Reason.optional() })

export const StaffMember = z.object({ address: z.string() })
export const StaffList = z.object({ results: z.array(StaffMember) })
export type StaffList = z.infer<typeof StaffList>
export const StaffAddressParam = z.object({ address: Address })
export const StaffAnswer = z.object({ address: z.string(), is_staff: z.boolean() })

/** Why a piece was hidden: the additive `hidden` field of GET /api/assets/{guid}/. */
export const HiddenNote = z.object({ reason: z.string(), at: Timestamp })
export type HiddenNote = z.infer<typeof HiddenNote>

/** GET /api/assets/{guid}/: an asset, and whether moderation hid it from every public list. */
export const AssetDetail = Asset.extend({
  hidden: HiddenNote.nullable()
    .optional()
    .describe('Set when staff hid the piece from every public list; its contract is untouched.'),
})
export type AssetDetail = z.infer<typeof AssetDetail>

export const HideBody = z.object({ reason: Reason })

export const HiddenPiece = z.object({
  asset: Asset,
  reason: z.string(),
  hidden_at: Timestamp,
  hidden_by: z.string(),
})
export type HiddenPiece = z.infer<typeof HiddenPiece>
export const HiddenPage = Page(HiddenPiece)

export const UnhideAnswer = z.object({ guid: z.string(), hidden: z.boolean() })

/** Operations the console shows: waiting to be sent, or refused (with the chain's reason). */
export const CONSOLE_OPERATION_STATUSES = ['pending', 'submitted', 'failed'] as const
export const ConsoleOperationQuery = PageQuery.extend({
  status: z.enum(CONSOLE_OPERATION_STATUSES).optional(),
})
export const ConsoleOperation = Operation.pick({
  operation_id: true,
  asset_guid: true,
  application_id: true,
  op_type: true,
  value: true,
  sender: true,
  tx_id: true,
}).extend({
  status: z.enum(CONSOLE_OPERATION_STATUSES),
  /** The chain's (or algod's) refusal, as the sender stored it; null while nothing refused it. */
  failure_reason: z.string().nullable(),
  attempts: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type ConsoleOperation = z.infer<typeof ConsoleOperation>
export const ConsoleOperationPage = Page(ConsoleOperation)

/** Where the chain follower stands: its last applied round and algod's, and the difference. */
export const FollowerStatus = z.object({
  /** Null before the follower's first round. */
  round: Uint64String.nullable(),
  /** Null when algod did not answer. */
  algod_round: Uint64String.nullable(),
  lag: Uint64String.nullable(),
  algod_error: z.string().nullable(),
})
export type FollowerStatus = z.infer<typeof FollowerStatus>

export const AuditEntry = z.object({
  id: z.string(),
  /** A staff address, or `cli` for the admin command. */
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  at: Timestamp,
})
export type AuditEntry = z.infer<typeof AuditEntry>
export const AuditPage = Page(AuditEntry)

/** What GET /api/admin/subscribers/ answers (not JSON). */
export const SubscribersCsv = z
  .string()
  .describe('text/csv: header `email,subscribed_at`, one row per subscriber, oldest first')
