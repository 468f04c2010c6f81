/**
 * Intent-revealing evaluator tests, after go-algorand's testAccepts / testRejects / testPanics:
 * each takes a TEAL program and the version its newest opcode appeared in, and runs it on every
 * version from there to the newest. It also checks the program does not assemble one version
 * earlier (the version gate), unless told the program is valid earlier too.
 */
import { expect } from 'vitest'
import { assemble } from '../src/assembler/index.js'
import type { Ledger } from '../src/ledger.js'
import { EvalParams } from '../src/eval/context.js'
import type { GroupTxn } from '../src/eval/params.js'
import { evalApp, evalSignature, type EvalResult } from '../src/eval/run.js'
import { MAX_VERSION } from '../src/spec/versions.js'
import { makeTxn, type Txn } from '../src/txn.js'
import { FakeLedger } from './fake-ledger.js'

export interface RunOptions {
  readonly mode?: 'sig' | 'app'
  /** The transaction under evaluation (defaults: a pay in sig mode, an app call of appId in app mode). */
  readonly txn?: Partial<Txn>
  /** Other transactions of the group; the program runs as `groupIndex`. */
  readonly group?: readonly Partial<Txn>[]
  readonly groupIndex?: number
  readonly args?: readonly Uint8Array[]
  readonly ledger?: Ledger
  readonly appId?: bigint
  /** Skip the "fails to assemble below `introduced`" check (program valid in older versions). */
  readonly noGate?: boolean
}

export const SENDER = new Uint8Array(32).fill(1)
export const DEFAULT_APP_ID = 888n

/** Assembles `source` at `version` (adding `#pragma version` unless present). */
export function assembleAt(source: string, version: number): Uint8Array {
  const text = source.includes('#pragma version') ? source : `#pragma version ${version}\n${source}`
  const result = assemble(text)
  if (!result.ok) {
    const errs = result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n')
    throw new Error(`assembly failed at v${version}:\n${errs}`)
  }
  return result.program
}

/** Runs already-assembled bytecode with the given options. */
export function runBytes(program: Uint8Array, options: RunOptions = {}): EvalResult {
  const mode = options.mode ?? 'sig'
  const appId = options.appId ?? DEFAULT_APP_ID
  const index = options.groupIndex ?? 0
  const base: Partial<Txn> =
    mode === 'app' ? { type: 'appl', applicationId: appId } : { type: 'pay' }
  const txns: Txn[] = (options.group ?? [{}]).map((t) =>
    makeTxn({ sender: SENDER, type: 'pay', ...t }),
  )
  txns[index] = makeTxn({ sender: SENDER, type: 'pay', ...base, ...options.txn })
  const group: GroupTxn[] = txns.map((txn, i) => ({
    txn,
    txid: new Uint8Array(32).fill(i + 100),
    ...(i === index && mode === 'sig' ? { lsig: { program, args: options.args ?? [] } } : {}),
  }))
  const ep = new EvalParams({ group, ledger: options.ledger ?? new FakeLedger() })
  return mode === 'sig' ? evalSignature(ep, index) : evalApp(program, ep, index, appId)
}

/** Assembles and runs `source` at `version`. */
export function run(source: string, version: number, options: RunOptions = {}): EvalResult {
  return runBytes(assembleAt(source, version), options)
}

function versionsFrom(introduced: number): number[] {
  return Array.from({ length: MAX_VERSION - introduced + 1 }, (_, i) => introduced + i)
}

function checkGate(source: string, introduced: number, options: RunOptions): void {
  if (options.noGate || introduced <= 1 || source.includes('#pragma version')) return
  const below = assemble(`#pragma version ${introduced - 1}\n${source}`)
  expect(below.ok, `expected assembly to fail at v${introduced - 1}`).toBe(false)
}

/** The program passes on every version from `introduced` on. */
export function testAccepts(source: string, introduced: number, options: RunOptions = {}): void {
  checkGate(source, introduced, options)
  for (const v of versionsFrom(introduced)) {
    const r = run(source, v, options)
    expect(r.error?.message, `v${v}: ${source}`).toBeUndefined()
    expect(r.pass, `v${v}: ${source}`).toBe(true)
  }
}

/** The program ends cleanly with a zero on every version from `introduced` on. */
export function testRejects(source: string, introduced: number, options: RunOptions = {}): void {
  checkGate(source, introduced, options)
  for (const v of versionsFrom(introduced)) {
    const r = run(source, v, options)
    expect(r.error?.message, `v${v}: ${source}`).toBeUndefined()
    expect(r.pass, `v${v}: ${source}`).toBe(false)
  }
}

/** The program fails with an error (containing `message`, if given) on every version from `introduced` on. */
export function testPanics(
  source: string,
  introduced: number,
  message?: string,
  options: RunOptions = {},
): void {
  checkGate(source, introduced, options)
  for (const v of versionsFrom(introduced)) {
    const r = run(source, v, options)
    expect(r.pass, `v${v}: ${source}`).toBe(false)
    expect(r.error, `v${v}: ${source} should fail`).toBeDefined()
    if (message !== undefined) expect(r.error?.message, `v${v}: ${source}`).toContain(message)
  }
}
