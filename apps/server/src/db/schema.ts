/**
 * The Drizzle view of the migrations: every table and column they create (migrations/*.sql are
 * the source of truth; migrate.test.ts checks that both name the same tables and columns, with the
 * same types and nullability). Only db/repositories/ reads and writes them.
 */
import {
  bigint,
  bigserial,
  boolean,
  customType,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/** A uint64 amount (USDC base units): numeric(20,0) holds all of them, bigint stops at 2^63 - 1. */
const uint64 = (name: string) => numeric(name, { precision: 20, scale: 0, mode: 'bigint' })

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable('users', {
  address: text('address').primaryKey(),
  isStaff: boolean('is_staff').notNull().default(false),
  createdAt: createdAt(),
})

export const assets = pgTable('assets', {
  guid: text('guid').primaryKey(),
  assetId: bigint('asset_id', { mode: 'bigint' }).notNull().unique(),
  applicationId: bigint('application_id', { mode: 'bigint' }).unique(),
  escrowAddress: text('escrow_address'),
  status: text('status', { enum: ['DA', 'DC', 'RD'] })
    .notNull()
    .default('DA'),
  name: text('name').notNull(),
  unitName: text('unit_name').notNull(),
  description: text('description').notNull().default(''),
  imagePath: text('image_path'),
  thumbnailPath: text('thumbnail_path'),
  creatorAddress: text('creator_address').notNull(),
  ownerAddress: text('owner_address'),
  holdingAddress: text('holding_address'),
  price: uint64('price'),
  highestBidValue: uint64('highest_bid_value'),
  highestBidSender: text('highest_bid_sender'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const OPERATION_STATUSES = ['pending', 'submitted', 'executed', 'failed'] as const

export const operations = pgTable('operations', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  assetGuid: text('asset_guid').references(() => assets.guid),
  applicationId: bigint('application_id', { mode: 'bigint' }).notNull(),
  opType: text('op_type').notNull(),
  value: uint64('value').notNull().default(0n),
  sender: text('sender').notNull(),
  txId: text('tx_id').unique(),
  groupId: text('group_id'),
  signedGroup: bytea('signed_group'),
  status: text('status', { enum: OPERATION_STATUSES }).notNull().default('pending'),
  failureReason: text('failure_reason'),
  round: bigint('round', { mode: 'bigint' }),
  blockTime: timestamp('block_time', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const chainCursor = pgTable('chain_cursor', {
  name: text('name').primaryKey(),
  round: bigint('round', { mode: 'bigint' }).notNull(),
})

export const creatorApplications = pgTable('creator_applications', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  walletAddress: text('wallet_address').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  alias: text('alias').notNull().default(''),
  about: text('about').notNull(),
  twitterUrl: text('twitter_url').notNull().default(''),
  instagramUrl: text('instagram_url').notNull().default(''),
  facebookUrl: text('facebook_url').notNull().default(''),
  tiktokUrl: text('tiktok_url').notNull().default(''),
  behanceUrl: text('behance_url').notNull().default(''),
  portfolioUrl: text('portfolio_url').notNull(),
  createdAt: createdAt(),
})

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
})

/**
 * Each bidder's bid of record per manager app, as the chain keeps it (a box per bidder); an
 * asset's highest bid is the largest, the earliest on a tie (migration 0001).
 */
export const bids = pgTable(
  'bids',
  {
    applicationId: bigint('application_id', { mode: 'bigint' }).notNull(),
    bidder: text('bidder').notNull(),
    amount: uint64('amount').notNull(),
    round: bigint('round', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.bidder] })],
)

/**
 * Live events (migration 0005): what GET /api/events streams, in commit order; `account` NULL is
 * public, else only that signed-in account receives it. `data` is the event's JSON text.
 */
export const liveEvents = pgTable('live_events', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  kind: text('kind').notNull(),
  account: text('account'),
  data: text('data').notNull(),
  createdAt: createdAt(),
})

/** Wallet sign-in challenges (migration 0005): single-use, `used_at` set by sign-in. */
export const signInChallenges = pgTable('sign_in_challenges', {
  nonce: text('nonce').primaryKey(),
  origin: text('origin').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/** Sessions (migration 0005): the cookie's token is stored only as its SHA-256. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  account: text('account').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
})

export const schema = {
  users,
  assets,
  operations,
  chainCursor,
  creatorApplications,
  newsletterSubscriptions,
  bids,
  liveEvents,
  signInChallenges,
  sessions,
}
