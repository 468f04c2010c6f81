/**
 * Transaction and group ids (go-algorand data/transactions: `Txid` is SHA-512/256 of "TX" and the
 * canonical msgpack of the transaction, printed in base32 without padding; a group id is
 * SHA-512/256 of "TG" and the msgpack of `{txlist: [...]}`).
 */
import { encodeBase32 } from '@unica/avm'
import { sha512_256 } from './crypto.js'

const TX = new TextEncoder().encode('TX')
const TG = new TextEncoder().encode('TG')

/** RFC 4648 base32 without padding, as go prints digests and transaction ids. */
export const base32 = (bytes: Uint8Array): string => encodeBase32(bytes)

/** The bytes a transaction signature signs: "TX" || canonical msgpack. */
export function signedBytes(encodedTxn: Uint8Array): Uint8Array {
  const out = new Uint8Array(TX.length + encodedTxn.length)
  out.set(TX)
  out.set(encodedTxn, TX.length)
  return out
}

export const txidOf = (signed: Uint8Array): Uint8Array => sha512_256(signed)

/** go's group id over the ids of the group's transactions (each hashed without its group). */
export function groupIdOf(txids: readonly Uint8Array[]): Uint8Array {
  // msgpack: fixmap(1) "txlist" array(n) of bin8(32)
  const head = [0x81, 0xa6, ...new TextEncoder().encode('txlist')]
  const n = txids.length
  const arr = n < 16 ? [0x90 | n] : [0xdc, n >> 8, n & 0xff]
  const body = new Uint8Array(head.length + arr.length + n * 34)
  body.set(head)
  body.set(arr, head.length)
  let at = head.length + arr.length
  for (const id of txids) {
    body[at] = 0xc4
    body[at + 1] = 32
    body.set(id, at + 2)
    at += 34
  }
  return sha512_256(TG, body)
}
