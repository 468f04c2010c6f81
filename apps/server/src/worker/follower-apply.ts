/**
 * One round's effects on the database, inside the follower's transaction: every call to one of
 * our managers becomes (or confirms) an operation in the history, whoever sent it; each touched
 * asset's price, owner, holding address, escrow, status and highest bid follow the chain.
 *
 * Sources of truth, all in the block itself (so replaying a round gives the same result):
 * - price and the escrowed NFT's owner: the manager's global A and O deltas;
 * - configuration: global E set (DC -> RD), with v2's royalty split R0..R3; deployment: a creation of exactly our manager and clear
 *   programs for one of our NFTs that has no app yet (DA -> DC);
 * - bids: each bidder's bid of record as the trades set it (B sets it, BN and SN spend it);
 * - how to read a call: the protocol of the manager version the app runs (stored on its asset,
 *   set from the deployment read);
 * - where the NFT is: every transfer of it (top-level or inner, including close-outs);
 * - a v2 sale's royalty: the price less the seller's net, from the inner transfers;
 * - a v3 auction: the manager's AR, AD, AP, AM, AE, AV, AH deltas (worker/auction-follow.ts).
 */
import algosdk from 'algosdk'
import {
  escrowAddress,
  readConfirmedCall,
  readDeployment,
  type ConfirmedReading,
  type ContractVersion,
  type Deployment,
} from '@unica/contracts'
import { readableVersion } from '../chain/contract-version.js'
import type { Db } from '../db/connection.js'
import type { StoredRoyalty } from '../db/schema.js'
import { PG_BIGINT_MAX } from '../db/limits.js'
import {
  lockAssets,
  refreshHighestBid,
  saveFollowed,
  type FollowedAsset,
  type FollowedAuction,
} from '../db/repositories/assets.js'
import { applyAuctionDelta, auctionRecord } from './auction-follow.js'
import { setBid } from '../db/repositories/bids.js'
import { recordExecuted } from '../db/repositories/operations.js'
import type { AppCallEvent, RoundEvents } from './block.js'

/** An asset as this round leaves it. */
interface Working {
  readonly guid: string
  readonly assetId: bigint
  appId: bigint | null
  /** The manager version its app runs; null for one this code cannot read (contract-version.ts). */
  version: ContractVersion | null
  escrow: string | null
  status: string
  /** O: who owns the NFT while the escrow holds it. */
  escrowOwner: string | null
  holding: string | null
  price: bigint | null
  bidsChanged: boolean
  /** v2: the split R0..R3 the configure call set, once seen (the chain's is the truth). */
  royalty: StoredRoyalty | null
  /** v3: the auction as the chain holds it; null when none runs. */
  auction: FollowedAuction | null
}

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0
const ZERO = new Uint8Array(32)

function toWorking(r: FollowedAsset): Working {
  // Until a transfer says otherwise, the NFT is where its creator minted it.
  const holding = r.holding_address ?? r.creator_address
  return {
    guid: r.guid,
    assetId: BigInt(r.asset_id),
    appId: r.application_id === null ? null : BigInt(r.application_id),
    version: readableVersion(r.contract_version),
    escrow: r.escrow_address,
    status: r.status,
    escrowOwner: r.escrow_address !== null && holding === r.escrow_address ? r.owner_address : null,
    holding,
    price: r.price === null ? null : BigInt(r.price),
    bidsChanged: false,
    royalty: null,
    auction: r.auction,
  }
}

async function loadAssets(s: Db, round: RoundEvents): Promise<Working[]> {
  const appIds = new Set<string>()
  const assetIds = new Set<string>()
  for (const e of round.events) {
    // Ids the chain assigned are far below 2^63; anything above cannot be ours (nor cast to bigint).
    if (e.kind === 'transfer') {
      if (e.assetId <= PG_BIGINT_MAX) assetIds.add(e.assetId.toString())
    } else if (!e.created) {
      if (e.appId <= PG_BIGINT_MAX) appIds.add(e.appId.toString())
    } else {
      // Only a creation of our manager names an NFT of ours; anyone may create an app whose
      // args[1] is any 8 bytes, and an id beyond bigint range can be no asset we registered.
      const nftId = readDeployment(e)?.nftId ?? null
      if (nftId !== null && nftId <= PG_BIGINT_MAX) assetIds.add(nftId.toString())
    }
  }
  if (appIds.size === 0 && assetIds.size === 0) return []
  const rows = await lockAssets(s, appIds, assetIds)
  return rows.map(toWorking)
}

/** A creation of exactly our manager for one of our NFTs that has no app yet. */
function deployedFor(
  call: AppCallEvent,
  byAsset: Map<bigint, Working>,
): [Working, Deployment] | null {
  const deployment = readDeployment(call)
  if (deployment === null) return null
  const asset = byAsset.get(deployment.nftId)
  return asset !== undefined && asset.appId === null ? [asset, deployment] : null
}

function applyDelta(asset: Working, call: AppCallEvent): void {
  const a = call.globalDelta.get('A')
  if (typeof a === 'bigint') asset.price = a === 0n ? null : a
  const o = call.globalDelta.get('O')
  if (o instanceof Uint8Array && o.length === 32) {
    asset.escrowOwner = same(o, ZERO) ? null : algosdk.encodeAddress(o)
  }
  const e = call.globalDelta.get('E')
  if (e instanceof Uint8Array && e.length === 32 && !same(e, ZERO)) {
    asset.escrow = algosdk.encodeAddress(e)
    if (asset.status === 'DC' || asset.status === 'DA') asset.status = 'RD'
    // v2's configure sets R0..R3 in the same call (none set: no royalty).
    if (asset.version !== null && asset.version >= 2) asset.royalty = royaltyOfDelta(call)
  }
  if (asset.version !== null && asset.version >= 3) {
    asset.auction = applyAuctionDelta(asset.auction, call.globalDelta)
  }
}

/** The split a v2 configure call wrote: R0..R3, each a 32-byte address and an 8-byte share. */
function royaltyOfDelta(call: AppCallEvent): StoredRoyalty {
  const out: StoredRoyalty = []
  for (const i of [0, 1, 2, 3]) {
    const r = call.globalDelta.get(`R${String(i)}`)
    if (!(r instanceof Uint8Array) || r.length !== 40) continue
    const share = algosdk.decodeUint64(r.subarray(32), 'bigint')
    out.push({ address: algosdk.encodeAddress(r.subarray(0, 32)), share: Number(share) })
  }
  return out
}

/**
 * What a v2 sale's royalty took: the price less the seller's net, the last USDC transfer to the
 * seller (each cut is paid before it, or held when its recipient cannot receive USDC: either way
 * it left the seller's share). Null for v1, other operations and calls no variant explains.
 */
export function royaltyOf(
  reading: ConfirmedReading,
  call: AppCallEvent,
  asset: { readonly assetId: bigint; readonly version: ContractVersion | null },
): bigint | null {
  if (asset.version === null || asset.version < 2 || reading.variant === null) return null
  const sellerRole =
    reading.operation === 'BUY_NOW' ? 'owner' : reading.operation === 'SELL_NOW' ? 'seller' : null
  if (sellerRole === null) return null
  const seller = reading.roles[sellerRole]
  const net = call.inner.findLast(
    (t) => t.type === 'axfer' && t.receiver === seller && t.assetId !== asset.assetId,
  )
  if (net === undefined || net.amount > reading.value) return null
  return reading.value - net.amount
}

/**
 * A sale's other party, only when the inner transactions matched a variant's payouts (so the
 * address is the one the manager paid or sent the NFT to, not merely one the sender named).
 */
export function counterpartyOf(reading: ConfirmedReading): string | null {
  if (reading.variant === null) return null
  if (reading.operation === 'BUY_NOW') return reading.roles.owner ?? null
  if (reading.operation === 'SELL_NOW') return reading.roles.buyer ?? null
  return null
}

/** The state just before a call, which some operations' records need. */
interface Before {
  /** The ask (global A) was set: an ASK then changes the price. */
  readonly listed: boolean
  /** O: the seller of an auction being settled. */
  readonly escrowOwner: string | null
  readonly auction: FollowedAuction | null
}

async function recordOperation(
  s: Db,
  round: RoundEvents,
  call: AppCallEvent,
  asset: Working,
  reading: ConfirmedReading,
  before: Before,
): Promise<void> {
  const auction = auctionRecord(reading.opType, call, {
    nftId: asset.assetId,
    seller: before.escrowOwner,
    before: before.auction,
    after: asset.auction,
  })
  await recordExecuted(s, {
    assetGuid: asset.guid,
    applicationId: asset.appId ?? call.appId,
    opType: reading.opType,
    value: auction?.value ?? reading.value,
    sender: call.sender,
    counterparty: auction === null ? counterpartyOf(reading) : auction.counterparty,
    royalty: auction === null ? royaltyOf(reading, call, asset) : auction.royalty,
    auctionEnd: auction?.end ?? null,
    listedBefore: before.listed,
    txId: call.txId,
    groupId: call.groupId,
    round: round.round,
    blockTime: new Date(Number(round.timestamp) * 1000),
  })
}

async function save(s: Db, asset: Working): Promise<void> {
  const owner =
    asset.escrow !== null && asset.holding === asset.escrow ? asset.escrowOwner : asset.holding
  await saveFollowed(s, asset.guid, {
    applicationId: asset.appId,
    ...(asset.version === null ? {} : { contractVersion: asset.version }),
    escrowAddress: asset.escrow,
    status: asset.status,
    ownerAddress: owner,
    holdingAddress: asset.holding,
    price: asset.price,
    auction: asset.auction,
    ...(asset.royalty !== null && { royalty: asset.royalty }),
  })
  if (!asset.bidsChanged || asset.appId === null) return
  await refreshHighestBid(s, asset.guid, asset.appId)
}

/** Applies one round; answers the guids of the assets it touched (for the live stream). */
export async function applyRound(s: Db, round: RoundEvents): Promise<string[]> {
  const assets = await loadAssets(s, round)
  if (assets.length === 0) return []
  const byApp = new Map<bigint, Working>()
  const byAsset = new Map<bigint, Working>()
  for (const a of assets) {
    byAsset.set(a.assetId, a)
    if (a.appId !== null) byApp.set(a.appId, a)
  }
  const touched = new Set<Working>()
  for (const e of round.events) {
    if (e.kind === 'transfer') {
      const asset = byAsset.get(e.assetId)
      if (asset === undefined) continue
      if (e.amount > 0n) asset.holding = e.receiver
      if (e.closeTo !== null && e.closeAmount > 0n) asset.holding = e.closeTo
      touched.add(asset)
      continue
    }
    const found = deployedFor(e, byAsset)
    if (found !== null) {
      const [deployed, { version }] = found
      deployed.appId = e.appId
      deployed.version = version
      deployed.escrow = escrowAddress(e.appId)
      if (deployed.status === 'DA') deployed.status = 'DC'
      byApp.set(e.appId, deployed)
      touched.add(deployed)
    }
    const asset = byApp.get(e.appId)
    if (asset === undefined || asset.version === null) continue
    const c = readConfirmedCall(e, asset.version)
    if (c === null) continue
    touched.add(asset)
    // The ask before this call: an ASK on a listed piece changes its price (the activity feed);
    // the seller and auction before it: what a settlement paid out and to whom.
    const before: Before = {
      listed: asset.price !== null,
      escrowOwner: asset.escrowOwner,
      auction: asset.auction,
    }
    applyDelta(asset, e)
    for (const [bidder, amount] of c.bids) {
      await setBid(s, e.appId, bidder, amount, round.round)
      asset.bidsChanged = true
    }
    await recordOperation(s, round, e, asset, c, before)
  }
  for (const asset of touched) await save(s, asset)
  return [...touched].map((asset) => asset.guid)
}
