/**
 * Key material as kmd's sqlite driver handles it: ed25519 keys in algosdk's 64-byte form
 * (seed || public key), deterministic keys derived from a wallet's master derivation key, and
 * salted password hashes compared in constant time.
 */
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto'
import { encodeAddress } from 'algosdk'

const SEED_BYTES = 32
/** DER prefix of a PKCS#8 ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

export interface KeyPair {
  readonly address: string
  /** algosdk's form: seed || public key. */
  readonly secretKey: Uint8Array
}

/** The key pair of an ed25519 seed (go-algorand's crypto.GenerateSignatureSecrets). */
function privateKeyOf(seed: Uint8Array): KeyObject {
  if (seed.length !== SEED_BYTES) throw new Error('an ed25519 seed has 32 bytes')
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
}

export function keyPairFromSeed(seed: Uint8Array): KeyPair {
  const privateKey = privateKeyOf(seed)
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' })
  const publicKey = new Uint8Array(spki.subarray(spki.length - 32))
  const secretKey = new Uint8Array(64)
  secretKey.set(seed, 0)
  secretKey.set(publicKey, 32)
  return { address: encodeAddress(publicKey), secretKey }
}

/**
 * kmd's import rule (sqlite.go ImportKey): only the seed half of a 64-byte key counts; the
 * public half is recomputed from it, so a key with a forged public half cannot be imported.
 */
export function keyPairFromSecretKey(secretKey: Uint8Array): KeyPair {
  return keyPairFromSeed(secretKey.subarray(0, SEED_BYTES))
}

/** An ed25519 signature of `message` by a 64-byte secret key (its seed half). */
export function signWithSecretKey(secretKey: Uint8Array, message: Uint8Array): Uint8Array {
  return new Uint8Array(sign(null, message, privateKeyOf(secretKey.subarray(0, SEED_BYTES))))
}

/**
 * The index-th deterministic key of a master derivation key, as kmd derives it
 * (sqlite_crypto.go extractKeyWithIndex): HKDF-Expand with SHA-512/256, the master derivation key
 * as pseudo-random key and "AlgorandDeterministicKey-<index>" as info; the first 32 bytes are the
 * seed. One HMAC block (32 bytes) is exactly a seed, so the expansion is a single HMAC.
 */
export function deriveKeyPair(masterDerivationKey: Uint8Array, index: bigint): KeyPair {
  const info = Buffer.from(`AlgorandDeterministicKey-${index.toString()}`)
  const block = createHmac('sha512-256', masterDerivationKey)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
  return keyPairFromSeed(new Uint8Array(block))
}

export function randomMasterDerivationKey(): Uint8Array {
  return new Uint8Array(randomBytes(32))
}

/** A salted password hash (kmd's fastHashWithSalt: SHA-512/256 of salt || password). */
export interface PasswordHash {
  readonly salt: Uint8Array
  readonly hash: Uint8Array
}

export function hashPassword(password: string, salt: Uint8Array = randomBytes(32)): PasswordHash {
  const hash = createHash('sha512-256').update(salt).update(password, 'utf8').digest()
  return { salt: new Uint8Array(salt), hash: new Uint8Array(hash) }
}

/** Constant-time check of a password against its stored hash. */
export function passwordMatches(password: string, stored: PasswordHash): boolean {
  const candidate = hashPassword(password, stored.salt).hash
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash)
}
