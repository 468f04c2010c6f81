/**
 * Signing with an account's algosdk secret key through node:crypto: the same ed25519 signature
 * algosdk's tweetnacl makes, about a hundred times faster, which keeps tests and benchmarks quick.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto'
import algosdk from 'algosdk'

/** An account whose key a test holds. */
export interface TestAccount {
  readonly address: string
  /** algosdk's 64-byte secret key: seed || public key. */
  readonly sk: Uint8Array
}

/** DER PKCS#8 header of an ed25519 private key (RFC 8410); the 32-byte seed follows. */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')

const keyObjects = new WeakMap<Uint8Array, KeyObject>()

function keyObject(sk: Uint8Array): KeyObject {
  let key = keyObjects.get(sk)
  if (key === undefined) {
    key = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519, sk.subarray(0, 32)]),
      format: 'der',
      type: 'pkcs8',
    })
    keyObjects.set(sk, key)
  }
  return key
}

/** The ed25519 signature of `message` by `sk`. */
export function signBytes(sk: Uint8Array, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, message, keyObject(sk)))
}

/**
 * `txn` signed by `key`, as msgpack bytes for algod. When the key is not the sender's, the
 * signed transaction names the key's address as its signer (a rekeyed account, or a forgery).
 */
export function signWith(key: TestAccount, txn: algosdk.Transaction): Uint8Array {
  return txn.attachSignature(key.address, signBytes(key.sk, txn.bytesToSign()))
}

/** A signing function for one key, for loops that sign many transactions. */
export function keySigner(key: TestAccount): (txn: algosdk.Transaction) => Uint8Array {
  return (txn) => signWith(key, txn)
}

/** A new random account (algosdk's key generation). */
export function randomAccount(): TestAccount {
  const { addr, sk } = algosdk.generateAccount()
  return { address: addr.toString(), sk }
}
