/**
 * Decoders of the manager's state as algod returns it (docs/product.md §3): global A, O, E, U, N,
 * C, B (v2: R0..R3, H0..H3; v3: the auction's AR, AD, AP, AM, AE, AV, AH); local B; the bid boxes
 * and (v3) the held refund boxes.
 */
import algosdk from 'algosdk'

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

export interface HeldRoyalty {
  readonly address: string
  /** Basis points of each sale's price. */
  readonly share: bigint
  /** USDC the app holds for the recipient (royalties it could not receive), claimable. */
  readonly held: bigint
}

const ZERO = new Uint8Array(32)

// Plain byte comparison rather than Node's Buffer, so the decoders also run in the browser.
function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

function find(kv: readonly KeyValue[], key: string): algosdk.modelsv2.TealValue | undefined {
  const k = new TextEncoder().encode(key)
  return kv.find((e) => bytesEqual(e.key, k))?.value
}

function uint(kv: readonly KeyValue[], key: string): bigint {
  const v = find(kv, key)
  return v?.type === 2 ? v.uint : 0n
}

function address(kv: readonly KeyValue[], key: string): string | null {
  const v = find(kv, key)
  if (v?.type !== 1 || v.bytes.length !== 32 || bytesEqual(v.bytes, ZERO)) return null
  return new algosdk.Address(v.bytes).toString()
}

/** R0..R3 and H0..H3 of a configured v2 manager; undefined for v1 (no R keys). */
function royaltySlots(kv: readonly KeyValue[]): HeldRoyalty[] | undefined {
  const slots = [0, 1, 2, 3].map((i) => [find(kv, `R${i}`), uint(kv, `H${i}`)] as const)
  if (slots.every(([r]) => r === undefined)) return undefined
  return slots.flatMap(([r, held]) =>
    r?.type === 1 && r.bytes.length === 40
      ? [
          {
            address: new algosdk.Address(r.bytes.subarray(0, 32)).toString(),
            share: algosdk.decodeUint64(r.bytes.subarray(32), 'bigint'),
            held,
          },
        ]
      : [],
  )
}

/** AR..AH of a v3 manager while an auction runs; null when none runs; undefined before v3. */
function auctionOf(kv: readonly KeyValue[]): AuctionState | null | undefined {
  if (find(kv, 'AR') === undefined) return undefined
  const reserve = uint(kv, 'AR')
  if (reserve === 0n) return null
  return {
    reserve,
    duration: uint(kv, 'AD'),
    raiseBp: uint(kv, 'AP'),
    raiseMin: uint(kv, 'AM'),
    end: uint(kv, 'AE'),
    highestBid: uint(kv, 'AV'),
    highestBidder: address(kv, 'AH'),
  }
}

export function decodeManagerGlobal(kv: readonly KeyValue[]): ManagerState {
  return {
    royalty: royaltySlots(kv),
    auction: auctionOf(kv),
    ask: uint(kv, 'A'),
    owner: address(kv, 'O'),
    escrow: address(kv, 'E'),
    usdcId: uint(kv, 'U'),
    nftId: uint(kv, 'N'),
    creator: address(kv, 'C') ?? '',
    bidCount: uint(kv, 'B'),
  }
}

/** A user's local B (0 when absent). */
export function decodeBid(kv: readonly KeyValue[] | undefined): bigint {
  return kv === undefined ? 0n : uint(kv, 'B')
}

/** A held refund box (v3): key = "a" + the address, value = the 8-byte USDC amount. */
export function decodeHeldBox(
  name: Uint8Array,
  value: Uint8Array,
): { account: string; amount: bigint } {
  if (name.length !== 33 || name[0] !== 0x61 || value.length !== 8) {
    throw new RangeError('not a held refund box')
  }
  return {
    account: new algosdk.Address(name.subarray(1)).toString(),
    amount: algosdk.decodeUint64(value, 'bigint'),
  }
}

/** A bid box: key = bidder address, value = 8-byte big-endian bid. */
export function decodeBidBox(name: Uint8Array, value: Uint8Array): { bidder: string; bid: bigint } {
  if (name.length !== 32 || value.length !== 8) throw new RangeError('not a bid box')
  return {
    bidder: new algosdk.Address(name).toString(),
    bid: algosdk.decodeUint64(value, 'bigint'),
  }
}
