/**
 * Test support for the txn/global/group opcode tests: reading the value a program leaves without
 * relying on other op families (==, len), and running whole groups of programs that share one
 * EvalParams the way a host does (so gload, gaid and effects of earlier transactions exist).
 */
import { expect } from 'vitest'
import { assembleAt, DEFAULT_APP_ID, run, SENDER, type RunOptions } from './helpers.js'
import { FakeLedger } from './fake-ledger.js'
import type { Ledger } from '../src/ledger.js'
import { MAX_VERSION } from '../src/spec/versions.js'
import { makeTxn, type Txn, type TxnEffects } from '../src/txn.js'
import { EvalParams } from '../src/eval/context.js'
import type { CallerInfo, GroupTxn } from '../src/eval/params.js'
import { evalApp, evalSignature, type EvalResult } from '../src/eval/run.js'
import type { StackValue } from '../src/eval/value.js'

export const addr = (n: number): Uint8Array => new Uint8Array(32).fill(n)
export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

export function versionsFrom(first: number): number[] {
  return Array.from({ length: MAX_VERSION - first + 1 }, (_, i) => first + i)
}

/** A program ending with one byte string fails only with this; the value is still there. */
const BYTES_END = 'stack finished with bytes not int'

/** The single value `source` leaves on the stack at `version`. */
export function valueOf(source: string, version: number, options: RunOptions = {}): StackValue {
  const r = run(source, version, options)
  if (r.error && r.error.message !== BYTES_END) {
    throw new Error(`v${version}: ${source}: ${r.error.message}`)
  }
  expect(r.stack, `v${version}: ${source}`).toHaveLength(1)
  return r.stack.at(0)!
}

/** `source` leaves `expected` on every version from `first` on. */
export function expectValue(
  source: string,
  first: number,
  expected: StackValue,
  options: RunOptions = {},
): void {
  for (const v of versionsFrom(first)) {
    expect(valueOf(source, v, options), `v${v}: ${source}`).toEqual(expected)
  }
}

export interface GroupMember {
  readonly txn: Partial<Txn>
  /** An app call's approval program (app mode), or a logic sig (sig mode) for other types. */
  readonly program?: string
  /** Effects the host reports once it ran (logs default to those of its program). */
  readonly effects?: Partial<TxnEffects>
}

export interface GroupOptions {
  readonly ledger?: Ledger
  readonly caller?: CallerInfo
}

/**
 * Runs each member's program in group order on one shared EvalParams, recording each
 * transaction's effects after it runs, like a host applying the group.
 */
export function runGroup(
  members: readonly GroupMember[],
  version: number,
  options: GroupOptions = {},
): EvalResult[] {
  const programs = members.map((m) =>
    m.program === undefined ? undefined : assembleAt(m.program, version),
  )
  const group: GroupTxn[] = members.map((m, i) => {
    const txn = makeTxn({ sender: SENDER, type: 'pay', ...m.txn })
    const program = programs[i]
    const lsig = program && txn.type !== 'appl' ? { lsig: { program, args: [] } } : {}
    return { txn, txid: new Uint8Array(32).fill(i + 100), ...lsig }
  })
  const ep = new EvalParams({
    group,
    ledger: options.ledger ?? new FakeLedger(),
    ...(options.caller ? { caller: options.caller } : {}),
  })
  const results: EvalResult[] = []
  group.forEach(({ txn }, i) => {
    const m = members.at(i)
    const program = programs.at(i)
    let logs: readonly Uint8Array[] = []
    if (program) {
      const r =
        txn.type === 'appl'
          ? evalApp(program, ep, i, txn.applicationId || DEFAULT_APP_ID)
          : evalSignature(ep, i)
      logs = r.logs
      results.push(r)
    }
    ep.effects[i] = {
      logs: m?.effects?.logs ?? logs,
      createdAssetId: m?.effects?.createdAssetId ?? 0n,
      createdApplicationId: m?.effects?.createdApplicationId ?? 0n,
    }
  })
  return results
}
