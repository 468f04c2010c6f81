/**
 * The vocabulary the manager's state is described in, beside the operations' (spec.ts): every
 * global key, local key and box of a version (v1.ts, v2.ts, v3.ts), with its type, its meaning
 * and the typed field it decodes to. The decoders (../state.ts) are driven by these descriptions,
 * so a key, a byte offset or a box layout is written once, here and in the version files.
 */
import algosdk from 'algosdk'

/** One royalty recipient's slot (v2's R0..R3): a 32-byte address, then its share as 8 bytes. */
export interface RoyaltySlot {
  readonly address: string
  /** Basis points of each sale's price. */
  readonly share: bigint
}

/** Every typed field a manager's global state decodes to (each version has some of them). */
export interface GlobalFields {
  readonly ask: bigint
  readonly owner: string | null
  readonly escrow: string | null
  readonly usdcId: bigint
  readonly nftId: bigint
  readonly creator: string | null
  readonly bidCount: bigint
  readonly recipient1: RoyaltySlot | null
  readonly recipient2: RoyaltySlot | null
  readonly recipient3: RoyaltySlot | null
  readonly recipient4: RoyaltySlot | null
  readonly held1: bigint
  readonly held2: bigint
  readonly held3: bigint
  readonly held4: bigint
  readonly auctionReserve: bigint
  readonly auctionDuration: bigint
  readonly auctionRaiseBp: bigint
  readonly auctionRaiseMin: bigint
  readonly auctionEnd: bigint
  readonly auctionBid: bigint
  readonly auctionBidder: string | null
}
export type GlobalField = keyof GlobalFields

/** The recipients' slots and what is held for each, slot by slot (recipient 1 is R0, H0). */
export const RECIPIENT_FIELDS = ['recipient1', 'recipient2', 'recipient3', 'recipient4'] as const
export const HELD_FIELDS = ['held1', 'held2', 'held3', 'held4'] as const

/**
 * How a stored value is read: `uint` (a deleted or byte value reads as 0), `address` (32 bytes;
 * the zero address, an empty or a deleted value read as null), `royaltySlot` (40 bytes: address
 * and share; anything else is an empty slot, null).
 */
export type ValueKind = 'uint' | 'address' | 'royaltySlot'
interface ValueTypes {
  readonly uint: bigint
  readonly address: string | null
  readonly royaltySlot: RoyaltySlot | null
}

type KindOf<T> = T extends bigint
  ? 'uint'
  : T extends RoyaltySlot | null
    ? 'royaltySlot'
    : 'address'

/** A global key: its name on chain, the field it decodes to, its type and what it means. */
export type GlobalKeySpec = {
  readonly [F in GlobalField]: {
    readonly key: string
    readonly field: F
    readonly kind: KindOf<GlobalFields[F]>
    readonly meaning: string
  }
}[GlobalField]

/** A local key (an opted-in account's state). */
export interface LocalKeySpec {
  readonly key: string
  readonly field: 'bid'
  readonly kind: 'uint'
  readonly meaning: string
}

/** A box kind: named by `prefix` + an account's 32-byte address, holding an 8-byte amount. */
export interface BoxSpec {
  readonly kind: 'bid' | 'held'
  readonly prefix: string
  readonly meaning: string
}

export interface StateSpec {
  readonly global: readonly GlobalKeySpec[]
  readonly local: readonly LocalKeySpec[]
  readonly boxes: readonly BoxSpec[]
}

/** A value as algod's state and deltas give it: uint, bytes, or null when absent or deleted. */
export type RawValue = bigint | Uint8Array | null

const ZERO = new Uint8Array(32)
const bytesEqual = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])
const UINT64_BYTES = 8

/** Reads a value as its kind says. */
export function decodeValue<K extends ValueKind>(kind: K, raw: RawValue): ValueTypes[K]
export function decodeValue(kind: ValueKind, raw: RawValue): ValueTypes[ValueKind] {
  switch (kind) {
    case 'uint':
      return typeof raw === 'bigint' ? raw : 0n
    case 'address':
      return raw instanceof Uint8Array && raw.length === 32 && !bytesEqual(raw, ZERO)
        ? new algosdk.Address(raw).toString()
        : null
    case 'royaltySlot':
      return raw instanceof Uint8Array && raw.length === 32 + UINT64_BYTES
        ? {
            address: new algosdk.Address(raw.subarray(0, 32)).toString(),
            share: algosdk.decodeUint64(raw.subarray(32), 'bigint'),
          }
        : null
  }
}

/** The key of a box of this kind for `account`. */
export function boxName(box: BoxSpec, account: string): Uint8Array {
  return new Uint8Array([
    ...new TextEncoder().encode(box.prefix),
    ...algosdk.decodeAddress(account).publicKey,
  ])
}

/** A box of this kind: its account and amount; null when the name or value does not fit. */
export function decodeBox(
  box: BoxSpec,
  name: Uint8Array,
  value: Uint8Array,
): { readonly account: string; readonly amount: bigint } | null {
  const prefix = new TextEncoder().encode(box.prefix)
  if (name.length !== prefix.length + 32 || value.length !== UINT64_BYTES) return null
  if (!bytesEqual(name.subarray(0, prefix.length), prefix)) return null
  return {
    account: new algosdk.Address(name.subarray(prefix.length)).toString(),
    amount: algosdk.decodeUint64(value, 'bigint'),
  }
}
