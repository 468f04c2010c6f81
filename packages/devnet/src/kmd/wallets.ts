/**
 * kmd's wallets, held in memory: what go-algorand's sqlite wallet driver keeps in one database
 * per wallet (metadata, master derivation key, highest derived key index, secret keys). Secret
 * keys never leave this module except through `exportKey` and `signingKey`, and are never logged.
 */
import { randomBytes } from 'node:crypto'
import { KMD_MESSAGES, badRequest } from './errors.js'
import type { MultisigPreimage } from './multisig.js'
import {
  deriveKeyPair,
  hashPassword,
  keyPairFromSecretKey,
  passwordMatches,
  randomMasterDerivationKey,
  type KeyPair,
  type PasswordHash,
} from './keys.js'

/** The sqlite driver's constants (sqlite.go). */
const SQLITE_DRIVER = {
  name: 'sqlite',
  version: 1,
  maxNameBytes: 64,
  mnemonicUx: false,
  supportedTxs: ['pay', 'keyreg'],
} as const

/** kmd's wallet ids: 16 random bytes in hex (wallet.go GenerateWalletID). */
function generateWalletId(): string {
  return randomBytes(16).toString('hex')
}

export interface StoredKey {
  readonly secretKey: Uint8Array
  /** The derivation index for generated keys; undefined for imported ones. */
  readonly index?: bigint
}

/** Everything a wallet is; what persistence writes and reads back. */
export interface WalletState {
  readonly id: string
  name: string
  readonly password: PasswordHash
  readonly masterDerivationKey: Uint8Array
  /** Highest index used by `generateKey` (kmd's max_key_idx). */
  maxKeyIndex: bigint
  /** Keys by address, in insertion order. */
  readonly keys: Map<string, StoredKey>
  /** Multisig preimages by multisig address (kmd's msig_addrs table). */
  readonly multisig: Map<string, MultisigPreimage>
}

/** The APIV1Wallet of kmd's responses (lib/kmdapi/common.go). */
export interface ApiWallet {
  readonly id: string
  readonly name: string
  readonly driver_name: string
  readonly driver_version: number
  readonly mnemonic_ux: boolean
  readonly supported_txs: readonly string[]
}

export class Wallet {
  constructor(readonly state: WalletState) {}

  get id(): string {
    return this.state.id
  }

  get name(): string {
    return this.state.name
  }

  toApi(): ApiWallet {
    return {
      id: this.state.id,
      name: this.state.name,
      driver_name: SQLITE_DRIVER.name,
      driver_version: SQLITE_DRIVER.version,
      mnemonic_ux: SQLITE_DRIVER.mnemonicUx,
      supported_txs: SQLITE_DRIVER.supportedTxs,
    }
  }

  passwordMatches(password: string): boolean {
    return passwordMatches(password, this.state.password)
  }

  /** kmd's CheckPassword: every secret-revealing or destructive call passes through it. */
  checkPassword(password: string): void {
    if (!this.passwordMatches(password)) throw badRequest(KMD_MESSAGES.wrongPassword)
  }

  addresses(): string[] {
    return [...this.state.keys.keys()]
  }

  hasKey(address: string): boolean {
    return this.state.keys.has(address)
  }

  /** The next deterministic key, skipping any already present (sqlite.go generateKeyTxLocked). */
  generateKey(): string {
    let index = this.state.maxKeyIndex + 1n
    let pair = deriveKeyPair(this.state.masterDerivationKey, index)
    while (this.state.keys.has(pair.address)) {
      index += 1n
      if (index >= 1n << 63n) throw badRequest(KMD_MESSAGES.tooManyKeys)
      pair = deriveKeyPair(this.state.masterDerivationKey, index)
    }
    this.state.keys.set(pair.address, { secretKey: pair.secretKey, index })
    this.state.maxKeyIndex = index
    return pair.address
  }

  importKey(secretKey: Uint8Array): string {
    const pair: KeyPair = keyPairFromSecretKey(secretKey)
    if (this.state.keys.has(pair.address)) throw badRequest(KMD_MESSAGES.keyExists)
    this.state.keys.set(pair.address, { secretKey: pair.secretKey })
    return pair.address
  }

  exportKey(address: string, password: string): Uint8Array {
    this.checkPassword(password)
    return this.signingKey(address)
  }

  /** The secret key of `address`, for signing; refuses addresses whose key is not here. */
  signingKey(address: string): Uint8Array {
    const key = this.state.keys.get(address)
    if (key === undefined) throw badRequest(KMD_MESSAGES.keyNotFound)
    return key.secretKey
  }

  /** kmd deletes without complaint when the key is absent (sqlite.go DeleteKey). */
  deleteKey(address: string, password: string): void {
    this.checkPassword(password)
    this.state.keys.delete(address)
  }

  /** kmd's ImportMultisigAddr: a duplicate is refused like a duplicate key (checkDBError). */
  importMultisig(address: string, preimage: MultisigPreimage): void {
    if (this.state.multisig.has(address)) throw badRequest(KMD_MESSAGES.keyExists)
    this.state.multisig.set(address, preimage)
  }

  multisigAddresses(): string[] {
    return [...this.state.multisig.keys()]
  }

  multisigPreimage(address: string): MultisigPreimage {
    const preimage = this.state.multisig.get(address)
    if (preimage === undefined) throw badRequest(KMD_MESSAGES.msigDataNotFound)
    return preimage
  }

  deleteMultisig(address: string, password: string): void {
    this.checkPassword(password)
    this.state.multisig.delete(address)
  }

  exportMasterDerivationKey(password: string): Uint8Array {
    this.checkPassword(password)
    return this.state.masterDerivationKey
  }
}

export interface CreateWalletRequest {
  readonly name: string
  readonly driverName: string
  readonly password: string
  /** All-zero or absent means "generate one", as in kmd. */
  readonly masterDerivationKey?: Uint8Array
}

/** A limit a real kmd (on disk) does not have; ours is in memory, so it must be bounded. */
const MAX_WALLETS = 10_000

export class WalletRegistry {
  private readonly wallets = new Map<string, Wallet>()

  constructor(private readonly reservedIds: ReadonlySet<string> = new Set()) {}

  list(): Wallet[] {
    return [...this.wallets.values()]
  }

  byId(id: string): Wallet | undefined {
    return this.wallets.get(id)
  }

  /** Adds a wallet as it is (the default wallet, or one read back from disk). */
  add(state: WalletState): Wallet {
    if (this.wallets.has(state.id)) throw new Error(`duplicate wallet id ${state.id}`)
    if (this.nameTaken(state.name)) throw new Error(`duplicate wallet name ${state.name}`)
    const wallet = new Wallet(state)
    this.wallets.set(state.id, wallet)
    return wallet
  }

  /** kmd's POST /v1/wallet rules (handlers.go postWalletHandler, sqlite.go CreateWallet). */
  create(request: CreateWalletRequest): Wallet {
    if (request.driverName !== SQLITE_DRIVER.name) throw badRequest(KMD_MESSAGES.unknownDriver)
    if (this.wallets.size >= MAX_WALLETS) throw badRequest(KMD_MESSAGES.tooManyWallets)
    let id = generateWalletId()
    while (this.wallets.has(id) || this.reservedIds.has(id)) id = generateWalletId()
    const name = request.name === '' ? id : request.name
    this.checkName(name)
    const given = request.masterDerivationKey
    const masterDerivationKey =
      given === undefined || given.every((b) => b === 0) ? randomMasterDerivationKey() : given
    return this.add({
      id,
      name,
      password: hashPassword(request.password),
      masterDerivationKey: new Uint8Array(masterDerivationKey),
      maxKeyIndex: 0n,
      keys: new Map(),
      multisig: new Map(),
    })
  }

  /** kmd's rename: the password must match and the new name must be free (sqlite.go RenameWallet). */
  rename(wallet: Wallet, newName: string, password: string): void {
    if (this.nameTaken(newName)) throw badRequest(KMD_MESSAGES.sameName)
    wallet.checkPassword(password)
    this.checkName(newName)
    wallet.state.name = newName
  }

  private checkName(name: string): void {
    if (Buffer.byteLength(name, 'utf8') > SQLITE_DRIVER.maxNameBytes) {
      throw badRequest(KMD_MESSAGES.nameTooLong)
    }
    if (this.nameTaken(name)) throw badRequest(KMD_MESSAGES.sameName)
  }

  private nameTaken(name: string): boolean {
    for (const wallet of this.wallets.values()) if (wallet.name === name) return true
    return false
  }
}
