/**
 * Test support for the state, box and inner-transaction opcode tests: app-mode sweeps over
 * versions with a fresh ledger for each run (these ops change the ledger), and TEAL literals for
 * addresses.
 */
import { expect } from 'vitest'
import { applicationAddress, encodeAddress } from '../src/encoding/address.js'
import { FakeLedger } from './fake-ledger.js'
import { DEFAULT_APP_ID, run, type RunOptions } from './helpers.js'
import { MAX_VERSION } from '../src/spec/versions.js'
import type { InnerCaller } from '../src/ledger.js'
import { MAINNET_PROTOCOL } from '../src/protocol.js'
import type { Txn, TxnEffects } from '../src/txn.js'
import { innerSenderProblem } from '../src/eval/inner-submit.js'
import { EvalParams } from '../src/eval/context.js'
import { evalApp, type EvalResult } from '../src/eval/run.js'

export const addr = (n: number): Uint8Array => new Uint8Array(32).fill(n)
export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)
export const APP = DEFAULT_APP_ID
export const APP_ADDR = applicationAddress(APP)

/** The TEAL literal of an address. */
export const lit = (a: Uint8Array): string => `addr ${encodeAddress(a)}`

/** A ledger holding the default app (888), whose account is funded. */
export function appLedger(): FakeLedger {
  return fund(new FakeLedger())
}

/** Like appLedger, but evaluating inner app calls. */
export function evalLedger(): EvalLedger {
  return fund(new EvalLedger())
}

function fund<L extends FakeLedger>(ledger: L): L {
  ledger.createApp(APP)
  ledger.setAccount(APP_ADDR, { balance: 10_000_000n })
  return ledger
}

export function versions(from: number, to = MAX_VERSION): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

/** Options for one run: app mode, and by default a fresh `appLedger()`. */
export type Setup = (ledger: FakeLedger) => RunOptions | undefined

function runApp(source: string, v: number, setup?: Setup): { r: EvalResult; ledger: FakeLedger } {
  const ledger = appLedger()
  const options = setup?.(ledger) ?? {}
  return { r: run(source, v, { mode: 'app', ledger, ...options }), ledger }
}

/** Passes on every version in [from, to], each run on a fresh ledger. */
export function accepts(source: string, from: number, setup?: Setup, to = MAX_VERSION): void {
  for (const v of versions(from, to)) {
    const { r } = runApp(source, v, setup)
    expect(r.error?.message, `v${v}: ${source}`).toBeUndefined()
    expect(r.pass, `v${v}: ${source}`).toBe(true)
  }
}

/** Fails with an error containing `message` on every version in [from, to]. */
export function panics(
  source: string,
  from: number,
  message: string,
  setup?: Setup,
  to = MAX_VERSION,
): void {
  for (const v of versions(from, to)) {
    const { r } = runApp(source, v, setup)
    expect(r.error?.message, `v${v}: ${source}`).toContain(message)
    expect(r.pass).toBe(false)
  }
}

/** One run at version `v`, returning the result and the ledger it ran on. */
export function runAt(
  source: string,
  v: number,
  setup?: Setup,
): { r: EvalResult; ledger: FakeLedger } {
  return runApp(source, v, setup)
}

/**
 * A fake ledger that evaluates inner app calls with the AVM, as a host must (see
 * Ledger.performInner): a shared budget pool, +700 per inner app call, the caller passed on,
 * each sender's authorization checked, effects recorded. An app created by an inner call gets
 * the next id and its approval program.
 */
export class EvalLedger extends FakeLedger {
  override performInner(
    caller: InnerCaller,
    txns: readonly Txn[],
    txids: readonly Uint8Array[] = [],
  ): readonly TxnEffects[] {
    const group = txns.map((txn, i) => ({ txn, txid: txids[i] ?? new Uint8Array(32) }))
    for (const t of txns)
      if (t.type === 'appl') caller.pools.app += MAINNET_PROTOCOL.maxAppProgramCost
    const ep = new EvalParams({ group, ledger: this, caller, pools: caller.pools })
    const effects = txns.map((t, i) => {
      const problem = innerSenderProblem(this, caller, t.sender)
      if (problem !== undefined) throw new Error(problem)
      let e: TxnEffects = this.innerEffects(t, i)
      if (t.type === 'appl') {
        let app = t.applicationId
        if (app === 0n) {
          app = this.nextId++
          this.createApp(app, {
            approvalProgram: t.approvalProgram,
            clearStateProgram: t.clearStateProgram,
          })
        }
        const params = this.appParams(app)
        if (!params) throw new Error(`inner tx ${i} failed: app ${app} does not exist`)
        const program = t.onCompletion === 3n ? params.clearStateProgram : params.approvalProgram
        const r = evalApp(program, ep, i, app)
        if (r.error) throw new Error(`inner tx ${i} failed: ${r.error.message}`)
        if (!r.pass)
          throw new Error(`inner tx ${i} failed: transaction rejected by ApprovalProgram`)
        e = {
          logs: r.logs,
          createdAssetId: 0n,
          createdApplicationId: t.applicationId === 0n ? app : 0n,
        }
      }
      ep.effects[i] = e
      return e
    })
    this.innerGroups.push({ caller, txns, txids })
    return effects
  }
}
