/**
 * One round's effects on the database, inside the follower's transaction: every call to one of
 * our managers becomes (or confirms) an operation in the history, whoever sent it; each touched
 * asset's price, owner, holding address, escrow, status and highest bid follow the chain.
 *
 * Sources of truth, all in the block itself (so replaying a round gives the same result), each
 * call read by @unica/contracts `readConfirmedCall` (this file names no state key and no payout):
 * - price and the escrowed NFT's owner: the ask and owner the call wrote (its reading's `state`);
 * - configuration: the escrow written (DC -> RD), with v2's royalty split; deployment: a creation
 *   of exactly our manager and clear programs for one of our NFTs that has no app yet (DA -> DC);
 * - bids: each bidder's bid of record as the trades set it (B sets it, BN and SN spend it);
 * - how to read a call: the protocol of the manager version the app runs (stored on its asset,
 *   set from the deployment read);
 * - where the NFT is: every transfer of it (top-level or inner, including close-outs);
 * - a sale's counterparty and royalty (paid plus held): the reading's, from the variant's payouts
 *   and the split the app was configured with;
 * - a v3 auction: the auction fields the call wrote (worker/auction-follow.ts).
 */
import {
  escrowAddress,
  readConfirmedCall,
  readDeployment,
  type ConfirmedReading,
  type ContractVersion,
  type Deployment,
  type ReadContext,
} from '@unica/contracts'
import { storedRoyalty } from '../chain/royalty.js'
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
import { applyAuctionChange, auctionEndAfter } from './auction-follow.js'
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
  /** Who owns the NFT while the escrow holds it (the owner the calls wrote). */
  escrowOwner: string | null
  holding: string | null
  price: bigint | null
  bidsChanged: boolean
  readonly creator: string
  /** The split stored (chosen at creation, or the chain's once configured): what a sale pays. */
  readonly storedSplit: StoredRoyalty | null
  /** v2: the split the configure call set, once seen this round (the chain's is the truth). */
  royalty: StoredRoyalty | null
  /** v3: the auction as the chain holds it; null when none runs. */
  auction: FollowedAuction | null
}

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
    creator: r.creator_address,
    storedSplit: r.royalty,
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

/** The asset after the state change a call wrote (its reading's `state`). */
function applyChange(asset: Working, reading: ConfirmedReading): void {
  const { ask, owner, escrow, royalty, auction } = reading.state
  if (ask !== undefined) asset.price = ask === 0n ? null : ask
  if (owner !== undefined) asset.escrowOwner = owner
  if (escrow !== undefined && escrow !== null) {
    asset.escrow = escrow
    if (asset.status === 'DC' || asset.status === 'DA') asset.status = 'RD'
    // v2's configure writes the split in the same call (none written: no royalty).
    if (asset.version !== null && asset.version >= 2) asset.royalty = storedRoyalty(royalty)
  }
  if (asset.version !== null && asset.version >= 3) {
    asset.auction = applyAuctionChange(asset.auction, auction)
  }
}

/** What the reader needs beside the call: the split a sale pays, once the app has one. */
function readContext(asset: Working): ReadContext {
  const split = asset.royalty ?? asset.storedSplit
  if (split === null || asset.version === null || asset.version < 2) return {}
  const recipients = split.map((r) => ({ address: r.address, share: BigInt(r.share) }))
  return { royalty: { creator: asset.creator, recipients } }
}

async function recordOperation(
  s: Db,
  round: RoundEvents,
  call: AppCallEvent,
  asset: Working,
  reading: ConfirmedReading,
  listedBefore: boolean,
): Promise<void> {
  await recordExecuted(s, {
    assetGuid: asset.guid,
    applicationId: asset.appId ?? call.appId,
    opType: reading.opType,
    value: reading.value,
    sender: call.sender,
    counterparty: reading.counterparty,
    royalty: reading.royalty,
    auctionEnd: auctionEndAfter(reading.opType, asset.auction),
    listedBefore,
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
    const c = readConfirmedCall(e, asset.version, readContext(asset))
    if (c === null) continue
    touched.add(asset)
    // The ask before this call: an ASK on a listed piece changes its price (the activity feed).
    const listedBefore = asset.price !== null
    applyChange(asset, c)
    for (const [bidder, amount] of c.bids) {
      await setBid(s, e.appId, bidder, amount, round.round)
      asset.bidsChanged = true
    }
    await recordOperation(s, round, e, asset, c, listedBefore)
  }
  for (const asset of touched) await save(s, asset)
  return [...touched].map((asset) => asset.guid)
}
