/**
 * kmd's v1 operations (go-algorand daemon/kmd/api/v1/handlers.go), one method per endpoint,
 * in kmd's order of checks: decode the body, authenticate the handle, decode the rest, then the
 * wallet operation. Each returns the response body without the envelope.
 */
import {
  Address,
  SignedTransaction,
  decodeUnsignedTransaction,
  encodeAddress,
  encodeMsgpack,
  isValidAddress,
  type Transaction,
} from 'algosdk'
import type { GenesisInfo } from '../chain/types.js'
import { KMD_MESSAGES, badRequest, unauthorized } from './errors.js'
import { keyPairFromSecretKey, signWithSecretKey } from './keys.js'
import { defaultWalletState } from './default-wallet.js'
import {
  addSignature,
  blankOf,
  encodeMultisigSig,
  isBlank,
  multisigAddress,
  preimageOf,
  readPartialMultisig,
  readPublicKeys,
  smallUint,
} from './multisig.js'
import { loadWallets, saveWallets } from './persistence.js'
import { booleanField, bytesField, fixedBytesField, stringField, type Body } from './requests.js'
import { DEFAULT_SESSION_LIFETIME_SECONDS, HandleManager } from './sessions.js'
import { WalletRegistry, type ApiWallet, type Wallet } from './wallets.js'

export interface KmdOptions {
  readonly genesis: GenesisInfo
  /** With a data directory, wallets created at run time persist to `DIR/kmd.json`. */
  readonly dataDir?: string
  readonly sessionLifetimeSeconds?: number
  /** Milliseconds since the epoch; tests pass a fake clock to expire handles. */
  readonly now?: () => number
}

type Response = Record<string, unknown>

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64')

export class KmdService {
  private readonly registry: WalletRegistry
  private readonly handles: HandleManager
  private readonly defaultWalletId: string

  constructor(private readonly options: KmdOptions) {
    const fallback = defaultWalletState(options.genesis.hash, options.genesis.accounts)
    this.defaultWalletId = fallback.id
    this.registry = new WalletRegistry(new Set([fallback.id]))
    this.registry.add(fallback)
    if (options.dataDir !== undefined) {
      for (const state of loadWallets(options.dataDir, (sk) => keyPairFromSecretKey(sk).address)) {
        this.registry.add(state)
      }
    }
    this.handles = new HandleManager(
      options.sessionLifetimeSeconds ?? DEFAULT_SESSION_LIFETIME_SECONDS,
      options.now,
    )
  }

  listWallets(): Response {
    return { wallets: this.registry.list().map((w) => w.toApi()) }
  }

  createWallet(body: Body): Response {
    const wallet = this.registry.create({
      name: stringField(body, 'wallet_name'),
      driverName: stringField(body, 'wallet_driver_name'),
      password: stringField(body, 'wallet_password'),
      masterDerivationKey: fixedBytesField(body, 'master_derivation_key', 32),
    })
    this.persist()
    return { wallet: wallet.toApi() }
  }

  initHandle(body: Body): Response {
    const walletId = stringField(body, 'wallet_id')
    const password = stringField(body, 'wallet_password')
    const wallet = this.registry.byId(walletId)
    if (wallet === undefined) throw badRequest(KMD_MESSAGES.walletNotFound)
    // kmd answers a wrong password at init with 401 (handlers.go postWalletInitHandler).
    if (!wallet.passwordMatches(password)) {
      throw unauthorized(KMD_MESSAGES.wrongPassword)
    }
    return { wallet_handle_token: this.handles.open(wallet.id) }
  }

  releaseHandle(body: Body): Response {
    this.handles.release(stringField(body, 'wallet_handle_token'))
    return {}
  }

  renewHandle(body: Body): Response {
    const handle = this.handles.renew(stringField(body, 'wallet_handle_token'))
    return { wallet_handle: this.walletHandle(handle.walletId, handle.expiresSeconds) }
  }

  walletInfo(body: Body): Response {
    const handle = this.handles.authorize(stringField(body, 'wallet_handle_token'))
    return { wallet_handle: this.walletHandle(handle.walletId, handle.expiresSeconds) }
  }

  renameWallet(body: Body): Response {
    const walletId = stringField(body, 'wallet_id')
    const password = stringField(body, 'wallet_password')
    const newName = stringField(body, 'wallet_name')
    const wallet = this.registry.byId(walletId)
    if (wallet === undefined) throw badRequest(KMD_MESSAGES.walletNotFound)
    if (wallet.id === this.defaultWalletId) throw badRequest(KMD_MESSAGES.defaultWalletFixed)
    this.registry.rename(wallet, newName, password)
    this.persist()
    return { wallet: wallet.toApi() }
  }

  exportMasterKey(body: Body): Response {
    const wallet = this.authorized(body)
    const mdk = wallet.exportMasterDerivationKey(stringField(body, 'wallet_password'))
    return { master_derivation_key: b64(mdk) }
  }

  generateKey(body: Body): Response {
    const displayMnemonic = booleanField(body, 'display_mnemonic')
    const wallet = this.authorized(body)
    if (displayMnemonic) throw badRequest(KMD_MESSAGES.noMnemonicUx)
    const address = wallet.generateKey()
    this.persist()
    return { address }
  }

  importKey(body: Body): Response {
    const wallet = this.authorized(body)
    const secretKey = bytesField(body, 'private_key')
    if (secretKey.length !== 64) throw badRequest(KMD_MESSAGES.couldNotDecode)
    const address = wallet.importKey(secretKey)
    this.persist()
    return { address }
  }

  exportKey(body: Body): Response {
    const address = this.address(body)
    const wallet = this.authorized(body)
    return { private_key: b64(wallet.exportKey(address, stringField(body, 'wallet_password'))) }
  }

  deleteKey(body: Body): Response {
    const address = this.address(body)
    const wallet = this.authorized(body)
    wallet.deleteKey(address, stringField(body, 'wallet_password'))
    this.persist()
    return {}
  }

  listKeys(body: Body): Response {
    return { addresses: this.authorized(body).addresses() }
  }

  /**
   * kmd's SignTransaction (sqlite.go): the password is checked, then the key of `public_key` if
   * given (a rekeyed account's authorizing key) or else of the sender signs "TX" || the canonical
   * transaction; `sgnr` names the signer when it is not the sender, as go-algorand's
   * Transaction.Sign sets AuthAddr.
   */
  signTransaction(body: Body): Response {
    const wallet = this.authorized(body)
    const txn = this.transaction(body)
    const publicKey = fixedBytesField(body, 'public_key', 32)
    wallet.checkPassword(stringField(body, 'wallet_password'))
    const signer = publicKey === undefined ? txn.sender.toString() : encodeAddress(publicKey)
    const sig = signWithSecretKey(wallet.signingKey(signer), txn.bytesToSign())
    const sgnr = signer === txn.sender.toString() ? undefined : Address.fromString(signer)
    const signed = new SignedTransaction({ txn, sig, sgnr })
    return { signed_transaction: b64(encodeMsgpack(signed)) }
  }

  listMultisig(body: Body): Response {
    return { addresses: this.authorized(body).multisigAddresses() }
  }

  importMultisig(body: Body): Response {
    const wallet = this.authorized(body)
    const preimage = {
      version: smallUint(body.multisig_version),
      threshold: smallUint(body.threshold),
      publicKeys: readPublicKeys(body),
    }
    const address = multisigAddress(preimage)
    wallet.importMultisig(address, preimage)
    this.persist()
    return { address }
  }

  exportMultisig(body: Body): Response {
    const address = this.address(body)
    const preimage = this.authorized(body).multisigPreimage(address)
    return {
      multisig_version: preimage.version,
      threshold: preimage.threshold,
      pks: preimage.publicKeys.map(b64),
    }
  }

  deleteMultisig(body: Body): Response {
    const address = this.address(body)
    this.authorized(body).deleteMultisig(address, stringField(body, 'wallet_password'))
    this.persist()
    return {}
  }

  /**
   * kmd's MultisigSignTransaction (sqlite.go): with a blank `partial_multisig`, start one from the
   * preimage stored for the sender; otherwise the partial's preimage must hash to the sender or
   * to `signer` (the auth address of a rekeyed sender) and `public_key` must be one of its keys.
   */
  signMultisig(body: Body): Response {
    const wallet = this.authorized(body)
    const txn = this.transaction(body)
    const publicKey = fixedBytesField(body, 'public_key', 32) ?? new Uint8Array(32)
    const partial = readPartialMultisig(body)
    const signer = fixedBytesField(body, 'signer', 32)
    wallet.checkPassword(stringField(body, 'wallet_password'))
    const sender = txn.sender.toString()
    let start
    if (isBlank(partial)) {
      start = blankOf(wallet.multisigPreimage(sender))
    } else {
      const address = multisigAddress(preimageOf(partial))
      if (address !== sender && (signer === undefined || address !== encodeAddress(signer))) {
        throw badRequest(KMD_MESSAGES.msigWrongAddr)
      }
      if (!partial.subsigs.some((s) => Buffer.from(s.publicKey).equals(publicKey))) {
        throw badRequest(KMD_MESSAGES.msigWrongKey)
      }
      start = partial
    }
    const secretKey = wallet.signingKey(encodeAddress(publicKey))
    const signed = addSignature(start, secretKey, txn.bytesToSign())
    return { multisig: b64(encodeMultisigSig(signed)) }
  }

  private transaction(body: Body): Transaction {
    const bytes = bytesField(body, 'transaction')
    try {
      return decodeUnsignedTransaction(bytes)
    } catch {
      throw badRequest(KMD_MESSAGES.couldNotDecodeTx)
    }
  }

  private walletHandle(walletId: string, expiresSeconds: number): Response {
    return {
      wallet: this.wallet(walletId).toApi() satisfies ApiWallet,
      expires_seconds: expiresSeconds,
    }
  }

  private authorized(body: Body): Wallet {
    const handle = this.handles.authorize(stringField(body, 'wallet_handle_token'))
    return this.wallet(handle.walletId)
  }

  private wallet(id: string): Wallet {
    const wallet = this.registry.byId(id)
    if (wallet === undefined) throw badRequest(KMD_MESSAGES.walletNotFound)
    return wallet
  }

  private address(body: Body): string {
    const address = stringField(body, 'address')
    if (!isValidAddress(address)) throw badRequest(KMD_MESSAGES.couldNotDecodeAddress)
    return address
  }

  /** Writes every wallet but the default one (rebuilt from genesis) when there is a data dir. */
  private persist(): void {
    if (this.options.dataDir === undefined) return
    const states = this.registry
      .list()
      .filter((w) => w.id !== this.defaultWalletId)
      .map((w) => w.state)
    saveWallets(this.options.dataDir, states)
  }
}
