/**
 * go-algorand's genesis hash of a genesis.json document, computed the way go computes it from the
 * file (bookkeeping.LoadGenesisFromFile, then Genesis.Hash = SHA-512/256("GE" || canonical
 * msgpack)): object keys sorted, numbers as integers, key fields (`sel`, `vote`, `stprf`) as
 * bytes. Independent of genesis.ts's own encoder, so a test can check the two agree. (Checked by
 * hand: it gives go's published hash of betanet's genesis.json, installer/genesis/betanet.)
 */
import algosdk from 'algosdk'
import { createHash } from 'node:crypto'

const BYTE_FIELDS = new Set(['sel', 'vote', 'stprf'])

function canonical(key: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => canonical('', v))
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return new Map(entries.map(([k, v]) => [k, canonical(k, v)]))
  }
  if (BYTE_FIELDS.has(key)) return new Uint8Array(Buffer.from(value as string, 'base64'))
  if (typeof value === 'number') return BigInt(value)
  return value
}

export function goGenesisHash(genesisJson: unknown): Uint8Array {
  const encoded = algosdk.msgpackRawEncode(canonical('', genesisJson))
  return new Uint8Array(createHash('sha512-256').update('GE').update(encoded).digest())
}
