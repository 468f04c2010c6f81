/**
 * `npm run bench -- avm`: AVM opcodes per second on three workloads, each beside the same work
 * written in plain JavaScript and timed in the same run; then whole application calls (TEAL v8)
 * beside `@algo-builder/runtime`'s interpreter, the measured peer, timed in the same run.
 * Targets: a per-call fixed cost <= 4 us, >= 25 M opcodes/s on the arithmetic loop, and >= 2x the
 * peer on every application-call workload.
 */
import { assemble, EvalParams, evalApp, evalSignature, makeTxn, MAINNET_PROTOCOL } from '@unica/avm'
import type { EvalResult, GroupTxn, Ledger } from '@unica/avm'
import { FakeLedger } from '@unica/avm/testing'
import { sha256 } from '@noble/hashes/sha2.js'
import { peerAppCall } from './avm-peer.js'
import { formatRate, measurePair, perSecond } from './measure.js'

/** A budget large enough that the loops, not the budget, end the programs. */
const PROTO = { ...MAINNET_PROTOCOL, logicSigMaxCost: 1e12, maxAppProgramCost: 1e12 }
const SENDER = new Uint8Array(32).fill(1)
const APP_ID = 1234n

export function compile(source: string): Uint8Array {
  const r = assemble(source)
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'))
  return r.program
}

export function evaluate(program: Uint8Array, mode: 'sig' | 'app', ledger: Ledger): EvalResult {
  const txn = makeTxn({
    type: mode === 'app' ? 'appl' : 'pay',
    sender: SENDER,
    applicationId: APP_ID,
  })
  const group: GroupTxn[] = [{ txn, txid: new Uint8Array(32), lsig: { program, args: [] } }]
  const ep = new EvalParams({ group, proto: PROTO, ledger })
  const r = mode === 'sig' ? evalSignature(ep, 0) : evalApp(program, ep, 0, APP_ID)
  if (!r.pass) throw new Error(`benchmark program failed: ${r.error?.message ?? 'rejected'}`)
  return r
}

export interface Workload {
  readonly name: string
  readonly mode: 'sig' | 'app'
  readonly iterations: number
  /** Opcodes executed per loop iteration (the figure is opcodes/s). */
  readonly opsPerIteration: number
  readonly source: string
  /** The same work in plain JS, for the baseline. */
  readonly baseline: (iterations: number) => unknown
}

const loopTail = (n: number): string => `
  load 0
  int 1
  +
  dup
  store 0
  int ${n}
  <
  bnz loop
int 1`

export const WORKLOADS = (n: number, m: number): Workload[] => [
  {
    name: 'arithmetic loop (load/int/+/dup/store/</bnz)',
    mode: 'sig',
    iterations: n,
    opsPerIteration: 8,
    source: `#pragma version 8\nint 0\nstore 0\nloop:${loopTail(n)}`,
    baseline: (iters) => {
      let counter = 0n
      const limit = BigInt(iters)
      for (;;) {
        const next = counter + 1n
        if (next > 0xffffffffffffffffn) throw new Error('overflow')
        counter = next
        if (!(next < limit)) break
      }
      return counter
    },
  },
  {
    name: 'byte loop (concat/sha256/extract)',
    mode: 'sig',
    iterations: m,
    opsPerIteration: 14,
    source: `#pragma version 8
byte 0x00
store 1
int 0
store 0
loop:
  load 1
  byte 0x0102030405060708
  concat
  sha256
  extract 0 16
  store 1${loopTail(m)}`,
    baseline: (iters) => {
      let acc = new Uint8Array([0])
      const tail = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8])
      for (let i = 0; i < iters; i++) {
        const joined = new Uint8Array(acc.length + tail.length)
        joined.set(acc)
        joined.set(tail, acc.length)
        acc = sha256(joined).slice(0, 16)
      }
      return acc
    },
  },
  {
    name: 'state loop (app_global_get/app_global_put)',
    mode: 'app',
    iterations: m,
    opsPerIteration: 14,
    source: `#pragma version 8
int 0
store 0
loop:
  byte "counter"
  byte "counter"
  app_global_get
  int 1
  +
  app_global_put${loopTail(m)}`,
    baseline: (iters) => {
      const state = new Map<string, bigint>()
      const key = Buffer.from('counter').toString('hex')
      for (let i = 0; i < iters; i++)
        state.set(`${APP_ID}/${key}`, (state.get(`${APP_ID}/${key}`) ?? 0n) + 1n)
      return state
    },
  },
]

/** A ledger in which the benchmark's app exists (app state ops need it). */
export function ledgerWithApp(): FakeLedger {
  const ledger = new FakeLedger()
  const none = new Uint8Array(0)
  ledger.apps.set(APP_ID, {
    approvalProgram: none,
    clearStateProgram: none,
    globalNumUint: 1n,
    globalNumByteSlice: 0n,
    localNumUint: 0n,
    localNumByteSlice: 0n,
    extraProgramPages: 0n,
    creator: SENDER,
    version: 0n,
  })
  return ledger
}

/** One application call of `program` as a host makes it: a fresh EvalParams, then evalApp. */
export function appCall(program: Uint8Array, ledger: Ledger): () => EvalResult {
  const txn = makeTxn({ type: 'appl', sender: SENDER, applicationId: APP_ID })
  const group: GroupTxn[] = [{ txn, txid: new Uint8Array(32) }]
  return () => {
    const r = evalApp(program, new EvalParams({ group, proto: PROTO, ledger }), 0, APP_ID)
    if (!r.pass) throw new Error(`benchmark program failed: ${r.error?.message ?? 'rejected'}`)
    return r
  }
}

export interface CallWorkload {
  readonly name: string
  /** TEAL v8 source, which the peer reads and we assemble once (as a deployed app). */
  readonly source: string
  /** Calls per timed run. */
  readonly calls: number
}

const arithmetic = (iterations: number): string =>
  `#pragma version 8\nint 0\nstore 0\nloop:${loopTail(iterations)}`

export const CALL_WORKLOADS = (scale: number): CallWorkload[] => [
  {
    name: 'one instruction (int 1): the fixed cost of a call',
    source: '#pragma version 8\nint 1',
    calls: 20_000 * scale,
  },
  { name: 'arithmetic loop, 600 opcodes', source: arithmetic(75), calls: 1_000 * scale },
  {
    name: 'byte loop (concat/sha256/extract), 30 iterations',
    source: WORKLOADS(0, 30)[1].source,
    calls: 500 * scale,
  },
  {
    name: 'state loop (app_global_get/put), 30 iterations',
    source: WORKLOADS(0, 30)[2].source,
    calls: 500 * scale,
  },
  {
    name: 'arithmetic loop, 800,000 opcodes in one call',
    source: arithmetic(100_000),
    calls: scale,
  },
]

function compareWithPeer(): void {
  console.log(
    '\nApplication calls beside @algo-builder/runtime (same run, alternating, CPU time, best of 9 runs each)',
  )
  for (const w of CALL_WORKLOADS(1)) {
    const ours = appCall(compile(w.source), ledgerWithApp())
    const peer = peerAppCall(w.source)
    const repeat = (f: () => unknown) => () => {
      for (let i = 0; i < w.calls; i++) f()
    }
    const [a, b] = measurePair(repeat(ours), repeat(peer))
    const us = (ns: number): string => `${(ns / w.calls / 1e3).toFixed(2)} us/call`
    console.log(`\n${w.name}: ${w.calls.toLocaleString()} calls`)
    console.log(`  AVM              ${us(a.bestNs)}`)
    console.log(`  algo-builder     ${us(b.bestNs)}`)
    console.log(`  ratio            AVM is ${(b.bestNs / a.bestNs).toFixed(2)}x as fast`)
  }
}

export function main(): void {
  console.log(
    `AVM benchmark (node ${process.version}); each beside its baseline, alternating, by CPU time, best of 5 runs`,
  )
  for (const w of WORKLOADS(1_000_000, 20_000)) {
    const program = compile(w.source)
    const ops = w.iterations * w.opsPerIteration
    const [avm, js] = measurePair(
      () => evaluate(program, w.mode, ledgerWithApp()),
      () => w.baseline(w.iterations),
      5,
    )
    const avmRate = perSecond(ops, avm)
    const jsRate = perSecond(ops, js)
    console.log(`\n${w.name}: ${ops.toLocaleString()} opcodes`)
    console.log(
      `  AVM       ${formatRate(avmRate)} opcodes/s  (${(avm.bestNs / 1e6).toFixed(1)} ms)`,
    )
    console.log(
      `  plain JS  ${formatRate(jsRate)} opcode-equivalents/s  (${(js.bestNs / 1e6).toFixed(1)} ms)`,
    )
    console.log(`  ratio     AVM runs at ${((avmRate / jsRate) * 100).toFixed(1)}% of plain JS`)
  }
  compareWithPeer()
}
