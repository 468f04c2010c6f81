/**
 * Table `assets`: the API's reads and writes of one asset (submit_asset, submit_contract,
 * submit_configuration, send_tx's lookup) and the follower's (lock, save, highest bid). Lists are
 * in asset-list.ts.
 */
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { ContractVersion } from '@unica/contracts'
import type { Db } from '../connection.js'
import { PG_BIGINT_MAX } from '../limits.js'
import { assets, bids, type StoredRoyalty } from '../schema.js'
import { assetFields, type AssetFields } from './asset-fields.js'

export type AssetRow = typeof assets.$inferSelect

/** One asset, by any of its unique keys. */
export type AssetKey = { guid: string } | { assetId: bigint } | { applicationId: bigint }

const byKey = (key: AssetKey): SQL =>
  'guid' in key
    ? eq(assets.guid, key.guid)
    : 'assetId' in key
      ? eq(assets.assetId, key.assetId)
      : eq(assets.applicationId, key.applicationId)

/** An id beyond bigint range is no asset's (nor can PostgreSQL compare it): it finds nothing. */
const storable = (key: AssetKey): boolean =>
  'guid' in key || ('assetId' in key ? key.assetId : key.applicationId) <= PG_BIGINT_MAX

export async function findAsset(db: Db, key: AssetKey): Promise<AssetRow | undefined> {
  if (!storable(key)) return undefined
  return (await db.select().from(assets).where(byKey(key))).at(0)
}

/** The asset as the API shows it. */
export async function findShownAsset(db: Db, key: AssetKey): Promise<AssetFields | undefined> {
  if (!storable(key)) return undefined
  return (await db.select(assetFields).from(assets).where(byKey(key))).at(0)
}

/** Names are unique regardless of case and surrounding spaces. */
export async function assetNameTaken(db: Db, name: string): Promise<boolean> {
  const rows = await db
    .select({ guid: assets.guid })
    .from(assets)
    .where(sql`lower(${assets.name}) = lower(${name.trim()})`)
    .limit(1)
  return rows.length > 0
}

export type NewAsset = Pick<
  typeof assets.$inferInsert,
  | 'guid'
  | 'assetId'
  | 'name'
  | 'unitName'
  | 'description'
  | 'imagePath'
  | 'thumbnailPath'
  | 'imageCid'
  | 'creatorAddress'
  | 'contractVersion'
  | 'royalty'
>

/** Stores a submitted asset (DA); undefined when its guid or asset id is stored already. */
export async function insertSubmittedAsset(
  db: Db,
  asset: NewAsset,
): Promise<AssetFields | undefined> {
  const rows = await db
    .insert(assets)
    .values({ ...asset, status: 'DA' })
    .onConflictDoNothing()
    .returning(assetFields)
  return rows.at(0)
}

/** The contract an asset is bound to: its app, the app's account, the manager version it runs. */
export type BoundContract = Required<
  Pick<typeof assets.$inferInsert, 'applicationId' | 'escrowAddress' | 'contractVersion'>
>

/** DA -> DC with its contract; undefined when the asset is no longer DA. */
export async function bindContract(
  db: Db,
  guid: string,
  contract: BoundContract,
): Promise<AssetFields | undefined> {
  const rows = await db
    .update(assets)
    .set({ ...contract, status: 'DC', updatedAt: new Date() })
    .where(and(eq(assets.guid, guid), eq(assets.status, 'DA')))
    .returning(assetFields)
  return rows.at(0)
}

/** DC -> RD, held and owned as given (and v2's split from the chain); undefined when the asset is no longer DC. */
export async function markConfigured(
  db: Db,
  guid: string,
  owner: { ownerAddress: string; holdingAddress: string; royalty?: StoredRoyalty },
): Promise<AssetFields | undefined> {
  const rows = await db
    .update(assets)
    .set({ status: 'RD', ...owner, updatedAt: new Date() })
    .where(and(eq(assets.guid, guid), eq(assets.status, 'DC')))
    .returning(assetFields)
  return rows.at(0)
}

/** What the follower reads of an asset, uint64s as decimal text. */
export interface FollowedAsset {
  guid: string
  asset_id: string
  application_id: string | null
  contract_version: number
  escrow_address: string | null
  status: string
  creator_address: string
  owner_address: string | null
  holding_address: string | null
  price: string | null
  /** The royalty split: chosen at creation, the chain's once configured (what a sale pays). */
  royalty: StoredRoyalty | null
  /** The auction (migration 0011), uint64s as text, the end in unix seconds; null when none. */
  auction: FollowedAuction | null
}

/** An auction as the manager's global state holds it (@unica/contracts `AuctionState`). */
export interface FollowedAuction {
  readonly reserve: bigint
  readonly duration: number
  readonly raiseBp: number
  readonly raiseMin: bigint
  /** Unix seconds; 0 until the first bid. */
  readonly end: bigint
  /** 0 before the first bid. */
  readonly bid: bigint
  readonly bidder: string | null
}

/**
 * The assets a round touches (by app or NFT id, given in bigint range), locked FOR UPDATE until
 * the follower's transaction ends.
 */
export async function lockAssets(
  db: Db,
  appIds: Iterable<string>,
  assetIds: Iterable<string>,
): Promise<FollowedAsset[]> {
  const rows = await db
    .select({
      guid: assets.guid,
      asset_id: sql<string>`${assets.assetId}::text`,
      application_id: sql<string | null>`${assets.applicationId}::text`,
      contract_version: assets.contractVersion,
      escrow_address: assets.escrowAddress,
      status: assets.status,
      creator_address: assets.creatorAddress,
      owner_address: assets.ownerAddress,
      holding_address: assets.holdingAddress,
      price: sql<string | null>`${assets.price}::text`,
      royalty: assets.royalty,
      reserve: sql<string | null>`${assets.auctionReserve}::text`,
      duration: assets.auctionDuration,
      raiseBp: assets.auctionRaiseBp,
      raiseMin: sql<string | null>`${assets.auctionRaiseMin}::text`,
      end: sql<string | null>`extract(epoch FROM ${assets.auctionEnd})::bigint::text`,
      bid: sql<string | null>`${assets.auctionBid}::text`,
      bidder: assets.auctionBidder,
    })
    .from(assets)
    .where(
      or(
        inArray(assets.applicationId, [...appIds].map(BigInt)),
        inArray(assets.assetId, [...assetIds].map(BigInt)),
      ),
    )
    .for('update')
  return rows.map(({ reserve, duration, raiseBp, raiseMin, end, bid, bidder, ...r }) => ({
    ...r,
    auction:
      reserve === null
        ? null
        : {
            reserve: BigInt(reserve),
            duration: duration ?? 0,
            raiseBp: raiseBp ?? 0,
            raiseMin: BigInt(raiseMin ?? '0'),
            end: BigInt(end ?? '0'),
            bid: BigInt(bid ?? '0'),
            bidder,
          },
  }))
}

/** The chain's word on an asset after a round. */
export interface FollowedState {
  readonly applicationId: bigint | null
  /** Absent: the stored version stays (one this code cannot read is never overwritten). */
  readonly contractVersion?: ContractVersion
  readonly escrowAddress: string | null
  /** DA, DC or RD: the follower moves an asset along DA -> DC -> RD only. */
  readonly status: string
  readonly ownerAddress: string | null
  readonly holdingAddress: string | null
  readonly price: bigint | null
  /** Set when a v2 configure call was seen: the split the chain holds. */
  readonly royalty?: StoredRoyalty
  /** The auction as the round leaves it (null: none runs). */
  readonly auction: FollowedAuction | null
}

export async function saveFollowed(db: Db, guid: string, state: FollowedState): Promise<void> {
  const { auction, ...rest } = state
  await db
    .update(assets)
    .set({
      ...rest,
      status: state.status as AssetRow['status'],
      auctionReserve: auction?.reserve ?? null,
      auctionDuration: auction?.duration ?? null,
      auctionRaiseBp: auction?.raiseBp ?? null,
      auctionRaiseMin: auction?.raiseMin ?? null,
      auctionEnd:
        auction === null || auction.end === 0n ? null : new Date(Number(auction.end) * 1000),
      auctionBid: auction === null || auction.bid === 0n ? null : auction.bid,
      auctionBidder: auction === null || auction.bid === 0n ? null : auction.bidder,
      updatedAt: sql`now()`,
    })
    .where(eq(assets.guid, guid))
}

/** Sets the asset's highest bid from its bids of record: the largest, the earliest on a tie. */
export async function refreshHighestBid(
  db: Db,
  guid: string,
  applicationId: bigint,
): Promise<void> {
  const top = <T>(column: typeof bids.amount | typeof bids.bidder) =>
    sql<T>`(${db
      .select({ value: column })
      .from(bids)
      .where(eq(bids.applicationId, applicationId))
      .orderBy(desc(bids.amount), asc(bids.round), asc(bids.bidder))
      .limit(1)})`
  await db
    .update(assets)
    .set({ highestBidValue: top<bigint | null>(bids.amount), highestBidSender: top(bids.bidder) })
    .where(eq(assets.guid, guid))
}
