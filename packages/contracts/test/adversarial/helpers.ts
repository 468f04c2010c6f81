/**
 * Tools for the adversarial tests: markets in a given state, tampered copies of honest groups, and
 * a snapshot of everything an attack could move (balances, auth addresses, global state, local
 * bids, bid boxes) so each refusal also shows that nothing moved.
 */
import algosdk from 'algosdk'
import { expect } from 'vitest'
import {
  buildBid,
  buildListAsk,
  escrowAddress,
  type ManagerState,
  type Market,
  type Signer,
  type UnsignedGroup,
} from '../../src/index.js'
import { heldBoxes } from '../auction.js'
import { rejected, signWith, type Account, type Harness } from '../harness.js'

/** An approval (and clear) program that approves everything: `#pragma version 10; int 1`. */
export const APPROVE_ALL = new Uint8Array([0x0a, 0x81, 0x01])

// ---------------------------------------------------------------------------------------------
// Tampering. Builders return plain algosdk objects; their fields are readonly only in the types.

type Writable<T> = { -readonly [K in keyof T]: T[K] }

/** A deep copy, so one honest group can be tampered many ways and still be sent as built. */
export function clone(txn: algosdk.Transaction): algosdk.Transaction {
  return algosdk.decodeUnsignedTransaction(algosdk.encodeUnsignedTransaction(txn))
}

export function setRekey(txn: algosdk.Transaction, to: string): void {
  ;(txn as unknown as { rekeyTo?: algosdk.Address }).rekeyTo = algosdk.Address.fromString(to)
}

/** CloseRemainderTo on a payment, AssetCloseTo on an asset transfer. */
export function setCloseTo(txn: algosdk.Transaction, to: string): void {
  const address = algosdk.Address.fromString(to)
  if (txn.payment !== undefined) {
    ;(txn.payment as Writable<typeof txn.payment>).closeRemainderTo = address
  } else if (txn.assetTransfer !== undefined) {
    ;(txn.assetTransfer as Writable<typeof txn.assetTransfer>).closeRemainderTo = address
  } else {
    throw new Error(`a ${txn.type} transaction has no close field`)
  }
}

export function setAmount(txn: algosdk.Transaction, amount: bigint): void {
  if (txn.payment !== undefined) {
    ;(txn.payment as Writable<typeof txn.payment>).amount = amount
  } else if (txn.assetTransfer !== undefined) {
    ;(txn.assetTransfer as Writable<typeof txn.assetTransfer>).amount = amount
  } else {
    throw new Error(`a ${txn.type} transaction has no amount`)
  }
}

export function setReceiver(txn: algosdk.Transaction, to: string): void {
  const address = algosdk.Address.fromString(to)
  if (txn.payment !== undefined) {
    ;(txn.payment as Writable<typeof txn.payment>).receiver = address
  } else if (txn.assetTransfer !== undefined) {
    ;(txn.assetTransfer as Writable<typeof txn.assetTransfer>).receiver = address
  } else {
    throw new Error(`a ${txn.type} transaction has no receiver`)
  }
}

export function setAsset(txn: algosdk.Transaction, assetId: bigint): void {
  if (txn.assetTransfer === undefined) throw new Error('not an asset transfer')
  ;(txn.assetTransfer as Writable<typeof txn.assetTransfer>).assetIndex = assetId
}

export function setAssetSender(txn: algosdk.Transaction, from: string): void {
  if (txn.assetTransfer === undefined) throw new Error('not an asset transfer')
  ;(txn.assetTransfer as Writable<typeof txn.assetTransfer>).assetSender =
    algosdk.Address.fromString(from)
}

/** The app call's foreign accounts. */
export function setAccounts(txn: algosdk.Transaction, accounts: readonly string[]): void {
  if (txn.applicationCall === undefined) throw new Error('not an app call')
  ;(txn.applicationCall as Writable<typeof txn.applicationCall>).accounts = accounts.map((a) =>
    algosdk.Address.fromString(a),
  )
}

export function setArgs(txn: algosdk.Transaction, args: Uint8Array[]): void {
  if (txn.applicationCall === undefined) throw new Error('not an app call')
  ;(txn.applicationCall as Writable<typeof txn.applicationCall>).appArgs = args
}

/** The transactions as one group (a fresh group id), each signed by the wallet of its sender. */
export function regroup(txns: algosdk.Transaction[], signers?: Signer[]): UnsignedGroup {
  for (const t of txns) t.group = undefined
  if (txns.length > 1) algosdk.assignGroupID(txns)
  return {
    txns,
    signers: signers ?? txns.map((t) => ({ kind: 'wallet', address: t.sender.toString() })),
    fee: txns.reduce((sum, t) => sum + t.fee, 0n),
  }
}

/** A tampered copy of an honest group: `edit` changes the copied transactions, then regroup. */
export function tamper(
  g: UnsignedGroup,
  edit: (txns: algosdk.Transaction[]) => algosdk.Transaction[] | undefined,
): UnsignedGroup {
  const copies = g.txns.map(clone)
  const txns = edit(copies) ?? copies
  // Keep the builder's proxy signer for the transactions it signs; anything else is a wallet.
  const signers = txns.map((t): Signer => {
    const i = g.txns.findIndex((o) => o.sender.equals(t.sender))
    return i >= 0 ? g.signers[i] : { kind: 'wallet', address: t.sender.toString() }
  })
  return regroup(txns, signers)
}

// ---------------------------------------------------------------------------------------------
// What an attack could move.

interface AccountView {
  readonly algos: bigint
  readonly authAddr: string | undefined
  readonly assets: Record<string, bigint>
  readonly appsCreated: number
}

export interface Snapshot {
  readonly accounts: Record<string, AccountView>
  readonly state: ManagerState | undefined
  readonly boxes: Record<string, bigint>
  /** v3's held refund boxes: account -> USDC. */
  readonly held: Record<string, bigint>
  readonly locals: Record<string, bigint | undefined>
}

async function view(h: Harness, address: string): Promise<AccountView> {
  const info = await h.algod.accountInformation(address).do()
  const assets: Record<string, bigint> = {}
  for (const a of info.assets ?? []) assets[a.assetId.toString()] = a.amount
  return {
    algos: info.amount,
    authAddr: info.authAddr?.toString(),
    assets,
    appsCreated: info.totalCreatedApps,
  }
}

/** Every watched account (the escrow is always watched when there is a market) and the app. */
export async function snapshot(
  h: Harness,
  market: Market | undefined,
  watched: readonly string[],
): Promise<Snapshot> {
  const addresses = [...new Set(market ? [escrowAddress(market.appId), ...watched] : watched)]
  const accounts: Record<string, AccountView> = {}
  const locals: Record<string, bigint | undefined> = {}
  for (const a of addresses) {
    accounts[a] = await view(h, a)
    if (market) locals[a] = await h.localBid(a, market)
  }
  if (!market) return { accounts, state: undefined, boxes: {}, held: {}, locals }
  return {
    accounts,
    state: await h.state(market),
    boxes: Object.fromEntries(await h.bidBoxes(market)),
    held: Object.fromEntries(await heldBoxes(h, market)),
    locals,
  }
}

/** The app failed one of its own checks (assert or err), or a logic sig refused to sign. */
const CHECK_FAILED = /logic eval error: (assert failed|err opcode executed)|rejected by logic/

/**
 * Sends an attack, expects algod to refuse it (`rejected`: HTTP 400; by default one of the
 * programs' own checks, not a missing reference or a ledger rule) and checks that nothing watched
 * moved.
 */
export async function refused(
  h: Harness,
  market: Market | undefined,
  watched: readonly (Account | string)[],
  attack: () => Promise<unknown>,
  pattern = CHECK_FAILED,
): Promise<string> {
  const addresses = watched.map((w) => (typeof w === 'string' ? w : w.address))
  const before = await snapshot(h, market, addresses)
  const message = await rejected(attack(), pattern)
  expect(await snapshot(h, market, addresses)).toEqual(before)
  return message
}

// ---------------------------------------------------------------------------------------------
// Markets in a given state.

export interface Listed {
  readonly staff: Account
  readonly market: Market
  readonly price: bigint
}

/** A configured market whose NFT is listed in escrow by its creator at `price`. */
export async function listedMarket(h: Harness, price = 500n): Promise<Listed> {
  const staff = await h.account()
  const market = await h.market(staff)
  await h.send(
    buildListAsk({ seller: staff.address, market, price, params: await h.params() }),
    staff,
  )
  return { staff, market, price }
}

/** A fresh account opted in to the app and the NFT, with an open bid of `amount`. */
export async function bidder(h: Harness, market: Market, amount: bigint): Promise<Account> {
  const account = await h.account()
  await h.optIn(account, market)
  await h.send(
    buildBid({
      bidder: account.address,
      market,
      currentBid: 0n,
      newBid: amount,
      params: await h.params(),
    }),
    account,
  )
  return account
}

/** Sends Algos from the dispenser-funded `from` to `to` (e.g. spare Algos donated to the escrow). */
export async function payAlgos(h: Harness, from: Account, to: string, amount: bigint) {
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: from.address,
    receiver: to,
    amount,
    suggestedParams: await h.params(),
  })
  await h.sendSigned([signWith(from, txn)])
}

/** Moves an asset between two accounts outside the app (both opted in). */
export async function moveAsset(
  h: Harness,
  from: Account,
  to: string,
  assetId: bigint,
  amount: bigint,
) {
  const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
    sender: from.address,
    receiver: to,
    assetIndex: assetId,
    amount,
    suggestedParams: await h.params(),
  })
  await h.sendSigned([signWith(from, txn)])
}
