/**
 * A write load for the crash tests, and the ledger it implies. Five genesis wallets submit, as
 * fast as algod takes them, payments to each other, USDC transfers, calls of a counter app and
 * two-transaction groups (payment + USDC transfer). Every submission is signed locally, so its
 * txids are known before it is sent, and ends in one of three ways:
 * - accepted (algod answered with the txid): in dev mode the block is on disk before the answer,
 *   so after any crash it must be on chain;
 * - rejected (a 4xx): nothing changed; the load is built so that this never happens;
 * - unknown (the connection broke: the devnet died mid-request): it may or may not have been
 *   committed, and the chain after the restart says which.
 * Replaying the accepted (and the committed unknown) operations over the balances measured
 * before the load gives the exact balances the chain must show.
 */
import algosdk from 'algosdk'
import { buildGenesis, signBytes } from '../../src/genesis/index.js'

const genesis = buildGenesis()
export const USDC = genesis.usdcAssetId
const FEE = 1000n

export interface Wallet {
  readonly addr: string
  readonly sk: Uint8Array
}

export const wallet = (name: string): Wallet => {
  const account = genesis.accounts.find((a) => a.comment === name)
  if (account === undefined) throw new Error(`no genesis account ${name}`)
  return { addr: account.address, sk: account.secretKey }
}

/** The senders and receivers of the load: each holds 10M Algo and 1M USDC at genesis. */
export const PARTICIPANTS = ['Wallet2', 'Wallet3', 'Wallet4', 'Wallet5', 'Wallet6'].map(wallet)

export type Effect =
  | { readonly kind: 'pay'; readonly from: string; readonly to: string; readonly amount: bigint }
  | { readonly kind: 'usdc'; readonly from: string; readonly to: string; readonly amount: bigint }
  | { readonly kind: 'call'; readonly from: string }

/** One submission: a transaction or an atomic group, with what each of its transactions does. */
interface Submission {
  readonly txids: readonly string[]
  readonly effects: readonly Effect[]
}

export interface Outcomes {
  readonly accepted: Submission[]
  readonly unknown: Submission[]
  readonly rejected: { readonly submission: Submission; readonly message: string }[]
  /** The highest last round algod reported while the load ran. */
  maxObservedRound: bigint
}

export const newOutcomes = (): Outcomes => ({
  accepted: [],
  unknown: [],
  rejected: [],
  maxObservedRound: 0n,
})

/** `txn` signed by `sk` and encoded (node:crypto: far faster than algosdk's tweetnacl). */
export function signed(txn: algosdk.Transaction, sk: Uint8Array): Uint8Array {
  return algosdk.encodeMsgpack(
    new algosdk.SignedTransaction({ txn, sig: signBytes(sk, txn.bytesToSign()) }),
  )
}

const random = (n: number): number => Math.floor(Math.random() * n)

export interface LoadTarget {
  readonly algod: algosdk.Algodv2
  readonly appId: bigint
}

/** What a submission built for `params` sends, and its record. */
interface Built {
  readonly bytes: Uint8Array
  readonly submission: Submission
}

let serial = 0

function build(target: LoadTarget, from: Wallet, params: algosdk.SuggestedParams): Built {
  const others = PARTICIPANTS.filter((p) => p !== from)
  const to = others[random(others.length)]
  // A unique note: no two submissions have the same txid.
  const note = new TextEncoder().encode(
    `crash-load ${process.pid.toString()} ${(++serial).toString()}`,
  )
  const amount = BigInt(1 + random(1000))
  const pay = () =>
    algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: from.addr,
      receiver: to.addr,
      amount,
      note,
      suggestedParams: params,
    })
  const usdc = () =>
    algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: from.addr,
      receiver: to.addr,
      assetIndex: USDC,
      amount,
      note,
      suggestedParams: params,
    })
  const payEffect: Effect = { kind: 'pay', from: from.addr, to: to.addr, amount }
  const usdcEffect: Effect = { kind: 'usdc', from: from.addr, to: to.addr, amount }
  const roll = random(10)
  if (roll < 7) {
    const txn = pay()
    return {
      bytes: signed(txn, from.sk),
      submission: { txids: [txn.txID()], effects: [payEffect] },
    }
  }
  if (roll === 7) {
    const txn = usdc()
    return {
      bytes: signed(txn, from.sk),
      submission: { txids: [txn.txID()], effects: [usdcEffect] },
    }
  }
  if (roll === 8) {
    const txn = algosdk.makeApplicationNoOpTxnFromObject({
      sender: from.addr,
      appIndex: target.appId,
      note,
      suggestedParams: params,
    })
    return {
      bytes: signed(txn, from.sk),
      submission: { txids: [txn.txID()], effects: [{ kind: 'call', from: from.addr }] },
    }
  }
  const group = algosdk.assignGroupID([pay(), usdc()])
  const bytes = Buffer.concat(group.map((t) => signed(t, from.sk)))
  return {
    bytes,
    submission: { txids: group.map((t) => t.txID()), effects: [payEffect, usdcEffect] },
  }
}

function isHttpRejection(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('response' in error)) return undefined
  const response = error.response as { status?: number } | undefined
  const status = response?.status
  return status !== undefined && status >= 400 && status < 500 ? error.message : undefined
}

/**
 * Runs the load until `stop()` is called or the devnet goes away; resolves once every worker has
 * finished (each with at most one submission left unknown).
 */
export function startLoad(
  target: LoadTarget,
  outcomes: Outcomes,
): { stop: () => void; done: Promise<void> } {
  // An object, so that the loops see stop() (a plain boolean would read as always true).
  const state = { running: true }
  let params: algosdk.SuggestedParams | undefined
  const refresh = async (): Promise<void> => {
    const p = await target.algod.getTransactionParams().do()
    // firstValid is the last round: a committed round, so on disk.
    if (p.firstValid > outcomes.maxObservedRound) outcomes.maxObservedRound = p.firstValid
    params = { ...p, fee: FEE, flatFee: true, lastValid: p.firstValid + 1000n }
  }
  // Rounds advance with every submission: keep the validity window ahead of them.
  const poller = (async () => {
    while (state.running) {
      try {
        await refresh()
      } catch {
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  const worker = async (from: Wallet): Promise<void> => {
    while (state.running && params !== undefined) {
      const { bytes, submission } = build(target, from, params)
      try {
        await target.algod.sendRawTransaction(bytes).do()
        outcomes.accepted.push(submission)
      } catch (error) {
        const rejection = isHttpRejection(error)
        if (rejection === undefined) {
          outcomes.unknown.push(submission)
          return
        }
        outcomes.rejected.push({ submission, message: rejection })
      }
    }
  }
  const done = (async () => {
    await refresh()
    await Promise.all([poller, ...PARTICIPANTS.map(worker)])
  })()
  return {
    stop: () => {
      state.running = false
    },
    done,
  }
}

/** The balances (Algo and USDC) and app call count the operations imply. */
export interface Ledger {
  readonly algo: Map<string, bigint>
  readonly usdc: Map<string, bigint>
  calls: bigint
}

export function applyEffects(ledger: Ledger, effects: readonly Effect[]): void {
  const add = (m: Map<string, bigint>, addr: string, delta: bigint) => {
    m.set(addr, (m.get(addr) ?? 0n) + delta)
  }
  for (const e of effects) {
    add(ledger.algo, e.from, -FEE)
    if (e.kind === 'pay') {
      add(ledger.algo, e.from, -e.amount)
      add(ledger.algo, e.to, e.amount)
    } else if (e.kind === 'usdc') {
      add(ledger.usdc, e.from, -e.amount)
      add(ledger.usdc, e.to, e.amount)
    } else {
      ledger.calls += 1n
    }
  }
}
