/**
 * Map keys for addresses and byte strings. An address is keyed by its 32 raw bytes as a latin1
 * string: cheap to build while following blocks (no checksum hashing, unlike the base32 form),
 * compact, and ordered like the bytes (so sorting keys sorts addresses as the indexer's
 * `ORDER BY addr` on bytea does).
 */
import { Address } from 'algosdk'

function bytesKey(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

export function addrKey(address: Address): string {
  return bytesKey(address.publicKey)
}

function keyToAddress(key: string): Address {
  return new Address(Uint8Array.from(Buffer.from(key, 'latin1')))
}

function keyToAddressString(key: string): string {
  return keyToAddress(key).toString()
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The address ids of `pool` past the `next` token's address, ordered by address bytes as the
 * indexer orders its account and account_asset rows.
 */
export function byAddressAfter(
  addresses: AddressTable,
  pool: Iterable<number>,
  afterKey: string | undefined,
): number[] {
  return [...pool]
    .map((id) => ({ id, key: addresses.key(id) }))
    .filter(({ key }) => afterKey === undefined || key > afterKey)
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ id }) => id)
}

/** The currency-greater-than / currency-less-than filter (both bounds exclusive). */
export function inCurrencyRange(amount: bigint, gt: bigint | undefined, lt: bigint | undefined) {
  return (gt === undefined || amount > gt) && (lt === undefined || amount < lt)
}

/**
 * Every address the index has met, numbered in order of appearance, so rows and records refer to
 * an address by a 4-byte number and each address's key string exists once.
 */
export class AddressTable {
  private readonly ids = new Map<string, number>()
  private readonly keys: string[] = []

  get size(): number {
    return this.keys.length
  }

  /** The address's number, assigned on first sight. */
  id(key: string): number {
    let id = this.ids.get(key)
    if (id === undefined) {
      id = this.keys.length
      this.ids.set(key, id)
      this.keys.push(key)
    }
    return id
  }

  idOf(address: Address): number {
    return this.id(addrKey(address))
  }

  /** The address's number if it has been met. */
  find(key: string): number | undefined {
    return this.ids.get(key)
  }

  key(id: number): string {
    return this.keys[id] ?? ''
  }

  address(id: number): string {
    return keyToAddressString(this.key(id))
  }
}
