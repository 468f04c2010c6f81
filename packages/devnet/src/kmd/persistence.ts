/**
 * Wallets created at run time survive a restart in `DIR/kmd.json` (with `--data DIR`). The file
 * is replaced atomically (write a temporary file, fsync, rename, fsync the directory), so a crash
 * leaves either the old or the new content, never half of one. The default wallet is not written:
 * it is rebuilt from genesis at every start.
 *
 * Unlike a real kmd, the secret keys are not encrypted with the wallet password: this is a devnet
 * keystore for throwaway keys, readable only by its owner (mode 0600), not a vault.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { multisigAddress, type MultisigPreimage } from './multisig.js'
import type { StoredKey, WalletState } from './wallets.js'

const KMD_FILE = 'kmd.json'
const FORMAT_VERSION = 1

interface FileKey {
  secretKey: string
  index?: string
}

interface FileMultisig {
  version: number
  threshold: number
  publicKeys: string[]
}

interface FileWallet {
  id: string
  name: string
  passwordSalt: string
  passwordHash: string
  masterDerivationKey: string
  maxKeyIndex: string
  keys: FileKey[]
  multisig?: FileMultisig[]
}

interface KmdFile {
  version: number
  wallets: FileWallet[]
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64')

export function saveWallets(dir: string, wallets: readonly WalletState[]): void {
  const file: KmdFile = {
    version: FORMAT_VERSION,
    wallets: wallets.map((w) => ({
      id: w.id,
      name: w.name,
      passwordSalt: b64(w.password.salt),
      passwordHash: b64(w.password.hash),
      masterDerivationKey: b64(w.masterDerivationKey),
      maxKeyIndex: w.maxKeyIndex.toString(),
      keys: [...w.keys.values()].map((k) =>
        k.index === undefined
          ? { secretKey: b64(k.secretKey) }
          : { secretKey: b64(k.secretKey), index: k.index.toString() },
      ),
      multisig: [...w.multisig.values()].map((m) => ({
        version: m.version,
        threshold: m.threshold,
        publicKeys: m.publicKeys.map(b64),
      })),
    })),
  }
  writeFileAtomically(dir, KMD_FILE, JSON.stringify(file))
}

/** The wallets of `DIR/kmd.json`, or none if there is no file; a damaged file is an error. */
export function loadWallets(
  dir: string,
  keyAddress: (secretKey: Uint8Array) => string,
): WalletState[] {
  const path = join(dir, KMD_FILE)
  if (!existsSync(path)) return []
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as unknown
    return parseFile(parsed).wallets.map((w) => toState(w, keyAddress))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(
      `${path} is not a valid kmd wallet file (${reason}); move it away to start afresh`,
      { cause: error },
    )
  }
}

function toState(w: FileWallet, keyAddress: (secretKey: Uint8Array) => string): WalletState {
  const multisig = new Map<string, MultisigPreimage>()
  for (const m of w.multisig ?? []) {
    const preimage = {
      version: m.version,
      threshold: m.threshold,
      publicKeys: m.publicKeys.map((pk) => bytes(pk, 32)),
    }
    multisig.set(multisigAddress(preimage), preimage)
  }
  const keys = new Map<string, StoredKey>()
  for (const k of w.keys) {
    const secretKey = bytes(k.secretKey, 64)
    const stored: StoredKey =
      k.index === undefined ? { secretKey } : { secretKey, index: uint(k.index) }
    keys.set(keyAddress(secretKey), stored)
  }
  return {
    id: w.id,
    name: w.name,
    password: { salt: bytes(w.passwordSalt, 32), hash: bytes(w.passwordHash, 32) },
    masterDerivationKey: bytes(w.masterDerivationKey, 32),
    maxKeyIndex: uint(w.maxKeyIndex),
    keys,
    multisig,
  }
}

function parseFile(value: unknown): KmdFile {
  if (!isRecord(value) || value.version !== FORMAT_VERSION || !Array.isArray(value.wallets)) {
    throw new Error(`expected { version: ${FORMAT_VERSION}, wallets: [...] }`)
  }
  for (const w of value.wallets as unknown[]) {
    const ok =
      isRecord(w) &&
      ['id', 'name', 'passwordSalt', 'passwordHash', 'masterDerivationKey', 'maxKeyIndex'].every(
        (f) => typeof w[f] === 'string',
      ) &&
      Array.isArray(w.keys) &&
      (w.keys as unknown[]).every(
        (k) =>
          isRecord(k) &&
          typeof k.secretKey === 'string' &&
          (k.index === undefined || typeof k.index === 'string'),
      ) &&
      (w.multisig === undefined ||
        (Array.isArray(w.multisig) &&
          (w.multisig as unknown[]).every(
            (m) =>
              isRecord(m) &&
              typeof m.version === 'number' &&
              typeof m.threshold === 'number' &&
              Array.isArray(m.publicKeys) &&
              (m.publicKeys as unknown[]).every((pk) => typeof pk === 'string'),
          )))
    if (!ok) throw new Error('a wallet entry is malformed')
  }
  return value as unknown as KmdFile
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function bytes(text: string, length: number): Uint8Array {
  const decoded = Buffer.from(text, 'base64')
  if (decoded.length !== length || decoded.toString('base64') !== text) {
    throw new Error(`expected ${length} bytes in base64`)
  }
  return new Uint8Array(decoded)
}

function uint(text: string): bigint {
  if (!/^\d{1,20}$/.test(text)) throw new Error(`expected an unsigned integer, got ${text}`)
  return BigInt(text)
}

function writeFileAtomically(dir: string, name: string, content: string): void {
  const path = join(dir, name)
  const temporary = `${path}.${process.pid.toString()}.tmp`
  const fd = openSync(temporary, 'w', 0o600)
  try {
    writeSync(fd, content)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temporary, path)
  const dirFd = openSync(dir, 'r')
  try {
    fsyncSync(dirFd)
  } finally {
    closeSync(dirFd)
  }
}
