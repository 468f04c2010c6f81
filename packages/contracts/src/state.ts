/**
 * Decoders of the manager's state as algod returns it (docs/product.md §3), driven by each
 * version's description of its keys and boxes (market/v1.ts..v3.ts, market/state-spec.ts): the
 * global state, a call's global delta (the same typed fields, only those it wrote), local state,
 * the bid boxes and (v3) the held refund boxes. Nothing outside this package names a key.
 */
import type algosdk from 'algosdk'
import { BID_BOX } from './market/v1.js'
import { HELD_BOX } from './market/v3.js'
import {
  decodeBox,
  decodeValue,
  HELD_FIELDS,
  RECIPIENT_FIELDS,
  type GlobalFields,
  type GlobalKeySpec,
  type RawValue,
  type RoyaltySlot,
} from './market/state-spec.js'
import { CONTRACT_VERSIONS, protocol, type ContractVersion } from './market/versions.js'

type KeyValue = algosdk.modelsv2.TealKeyValue

export interface ManagerState {
  /** Ask price in USDC base units; 0 = not listed. */
  readonly ask: bigint
  /** Owner of the NFT in escrow; null when the escrow holds no NFT. */
  readonly owner: string | null
  /** The escrow (the app's address) once configured; null before. */
  readonly escrow: string | null
  readonly usdcId: bigint
  readonly nftId: bigint
  readonly creator: string
  /** Number of open bids. */
  readonly bidCount: bigint
  /** v2 once configured: the royalty recipients by slot, their shares and what is held for them. */
  readonly royalty?: readonly HeldRoyalty[]
  /** v3: the auction running (AR > 0), or null when none runs; undefined for v1 and v2 (no AR). */
  readonly auction?: AuctionState | null
}

/** A running auction (manager v3). Amounts in USDC base units, times in unix seconds. */
export interface AuctionState {
  /** AR: the lowest first bid. */
  readonly reserve: bigint
  /** AD: seconds from the first bid to the end. */
  readonly duration: bigint
  /** AP: the minimum raise in basis points of the highest bid (0 = none). */
  readonly raiseBp: bigint
  /** AM: the minimum raise in base units (0 = none). */
  readonly raiseMin: bigint
  /** AE: the end; 0 until the first bid starts the clock. */
  readonly end: bigint
  /** AV: the highest bid, 0 = none. */
  readonly highestBid: bigint
  /** AH: the highest bidder, null when none. */
  readonly highestBidder: string | null
}

export interface HeldRoyalty extends RoyaltySlot {
  /** USDC the app holds for the recipient (royalties it could not receive), claimable. */
  readonly held: bigint
}

const text = new TextDecoder()

/** Every version's global keys (later versions add keys, never change one). */
const ALL_GLOBAL: readonly GlobalKeySpec[] = [
  ...new Map(
    CONTRACT_VERSIONS.flatMap((v) => protocol(v).state.global).map((k) => [k.key, k]),
  ).values(),
]

const globalKeys = (version?: ContractVersion): readonly GlobalKeySpec[] =>
  version === undefined ? ALL_GLOBAL : protocol(version).state.global

/** Typed fields of the keys present in `raw` (key -> value), as the description reads them. */
function fieldsOf(
  raw: ReadonlyMap<string, RawValue>,
  keys: readonly GlobalKeySpec[],
): Partial<GlobalFields> {
  const out: Partial<Record<keyof GlobalFields, unknown>> = {}
  for (const k of keys) if (raw.has(k.key)) out[k.field] = decodeValue(k.kind, raw.get(k.key)!)
  return out as Partial<GlobalFields>
}

function rawOf(kv: readonly KeyValue[]): Map<string, RawValue> {
  return new Map(
    kv.map((e) => [text.decode(e.key), e.value.type === 1 ? e.value.bytes : e.value.uint]),
  )
}

const AUCTION_FIELDS = {
  reserve: 'auctionReserve',
  duration: 'auctionDuration',
  raiseBp: 'auctionRaiseBp',
  raiseMin: 'auctionRaiseMin',
  end: 'auctionEnd',
  highestBid: 'auctionBid',
  highestBidder: 'auctionBidder',
} as const satisfies Record<keyof AuctionState, keyof GlobalFields>

/** The recipients' slots and held amounts; undefined when no slot is there (v1). */
function royaltySlots(f: Partial<GlobalFields>): HeldRoyalty[] | undefined {
  if (RECIPIENT_FIELDS.every((r) => !(r in f))) return undefined
  return RECIPIENT_FIELDS.flatMap((r, i) => {
    const slot = f[r]
    return slot == null ? [] : [{ ...slot, held: f[HELD_FIELDS[i]] ?? 0n }]
  })
}

/** The running auction; null when none runs; undefined when there is no reserve key (v1, v2). */
function auctionOf(f: Partial<GlobalFields>): AuctionState | null | undefined {
  if (!(AUCTION_FIELDS.reserve in f)) return undefined
  if (f.auctionReserve === 0n) return null
  return {
    reserve: f.auctionReserve ?? 0n,
    duration: f.auctionDuration ?? 0n,
    raiseBp: f.auctionRaiseBp ?? 0n,
    raiseMin: f.auctionRaiseMin ?? 0n,
    end: f.auctionEnd ?? 0n,
    highestBid: f.auctionBid ?? 0n,
    highestBidder: f.auctionBidder ?? null,
  }
}

export function decodeManagerGlobal(kv: readonly KeyValue[]): ManagerState {
  const f = fieldsOf(rawOf(kv), ALL_GLOBAL)
  return {
    royalty: royaltySlots(f),
    auction: auctionOf(f),
    ask: f.ask ?? 0n,
    owner: f.owner ?? null,
    escrow: f.escrow ?? null,
    usdcId: f.usdcId ?? 0n,
    nftId: f.nftId ?? 0n,
    creator: f.creator ?? '',
    bidCount: f.bidCount ?? 0n,
  }
}

/**
 * What a call wrote to the global state, as the same typed fields: only those it wrote are set
 * (a deleted key reads as its empty value).
 */
export interface ManagerStateChange {
  readonly ask?: bigint
  readonly owner?: string | null
  readonly escrow?: string | null
  readonly usdcId?: bigint
  readonly nftId?: bigint
  readonly creator?: string | null
  readonly bidCount?: bigint
  /** v2's configure: the royalty split it wrote, slot by slot, empty slots left out. */
  readonly royalty?: readonly RoyaltySlot[]
  /** v2: the USDC now held for recipients whose slot changed (recipient 1 is slot 0). */
  readonly held?: readonly { readonly slot: number; readonly amount: bigint }[]
  /** v3: the auction's fields the call wrote (a settle or cancel writes reserve 0). */
  readonly auction?: Partial<AuctionState>
}

/**
 * Decodes a call's global delta (key -> new value, null = deleted) as `version` describes its
 * keys (every version's when unset); keys no version has are left out.
 */
export function decodeGlobalDelta(
  delta: ReadonlyMap<string, RawValue>,
  version?: ContractVersion,
): ManagerStateChange {
  const f = fieldsOf(delta, globalKeys(version))
  const slots = RECIPIENT_FIELDS.filter((r) => r in f)
  const held = HELD_FIELDS.flatMap((h, slot) => (h in f ? [{ slot, amount: f[h] ?? 0n }] : []))
  const auction = Object.fromEntries(
    Object.entries(AUCTION_FIELDS).flatMap(([name, field]) =>
      field in f ? [[name, f[field]]] : [],
    ),
  ) as Partial<AuctionState>
  return {
    ...(f.ask !== undefined && { ask: f.ask }),
    ...('owner' in f && { owner: f.owner ?? null }),
    ...('escrow' in f && { escrow: f.escrow ?? null }),
    ...(f.usdcId !== undefined && { usdcId: f.usdcId }),
    ...(f.nftId !== undefined && { nftId: f.nftId }),
    ...('creator' in f && { creator: f.creator ?? null }),
    ...(f.bidCount !== undefined && { bidCount: f.bidCount }),
    ...(slots.length > 0 && { royalty: slots.flatMap((r) => f[r] ?? []) }),
    ...(held.length > 0 && { held }),
    ...(Object.keys(auction).length > 0 && { auction }),
  }
}

/** A user's bid of record in its local state (0 when absent). */
export function decodeBid(kv: readonly KeyValue[] | undefined): bigint {
  if (kv === undefined) return 0n
  const raw = rawOf(kv)
  const [bid] = protocol(1).state.local
  return raw.has(bid.key) ? decodeValue(bid.kind, raw.get(bid.key)!) : 0n
}

/** A held refund box (v3), or null when the name or value is not one. */
export function readHeldBox(
  name: Uint8Array,
  value: Uint8Array,
): { account: string; amount: bigint } | null {
  return decodeBox(HELD_BOX, name, value)
}

/** A held refund box (v3): key = "a" + the address, value = the 8-byte USDC amount. */
export function decodeHeldBox(
  name: Uint8Array,
  value: Uint8Array,
): { account: string; amount: bigint } {
  const box = readHeldBox(name, value)
  if (box === null) throw new RangeError('not a held refund box')
  return box
}

/** A bid box, or null when the name or value is not one. */
export function readBidBox(
  name: Uint8Array,
  value: Uint8Array,
): { bidder: string; bid: bigint } | null {
  const box = decodeBox(BID_BOX, name, value)
  return box === null ? null : { bidder: box.account, bid: box.amount }
}

/** A bid box: key = bidder address, value = 8-byte big-endian bid. */
export function decodeBidBox(name: Uint8Array, value: Uint8Array): { bidder: string; bid: bigint } {
  const box = readBidBox(name, value)
  if (box === null) throw new RangeError('not a bid box')
  return box
}
