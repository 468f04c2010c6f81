/**
 * go's transactions.EvalDelta from an AVM evaluation: global and local state changes (actions 1
 * set bytes, 2 set uint, 3 delete), logs and inner transactions. Local deltas are keyed by the
 * account's index in [Sender, Accounts..., SharedAccts...]: an account the transaction does not
 * name is appended to SharedAccts in the order it was first written (go's ensureLocalDelta).
 */
import type { EvalResult, StackValue, StateWrite, Txn } from '@unica/avm'
import algosdk from 'algosdk'
import { bytesEqual, keyAddr } from './keys.js'

const EMPTY = new Uint8Array(0)

function valueDelta(v: StackValue | undefined): algosdk.ValueDelta {
  if (v === undefined) return new algosdk.ValueDelta({ action: 3, bytes: EMPTY, uint: 0n })
  if (typeof v === 'bigint') return new algosdk.ValueDelta({ action: 2, bytes: EMPTY, uint: v })
  return new algosdk.ValueDelta({ action: 1, bytes: v, uint: 0n })
}

function stateDelta(writes: Iterable<StateWrite>): Map<Uint8Array, algosdk.ValueDelta> {
  const out = new Map<Uint8Array, algosdk.ValueDelta>()
  for (const w of writes) out.set(w.key, valueDelta(w.value))
  return out
}

export function buildEvalDelta(
  r: EvalResult,
  txn: Txn,
  innerTxns: algosdk.SignedTxnWithAD[],
): algosdk.EvalDelta {
  const shared: Uint8Array[] = []
  const localDeltas = new Map<number, Map<Uint8Array, algosdk.ValueDelta>>()
  for (const [hex, writes] of r.localDeltas) {
    const addr = keyAddr(hex)
    let index: number
    if (bytesEqual(addr, txn.sender)) {
      index = 0
    } else {
      const named = txn.accounts.findIndex((a) => bytesEqual(a, addr))
      if (named >= 0) {
        index = named + 1
      } else {
        let s = shared.findIndex((a) => bytesEqual(a, addr))
        if (s < 0) s = shared.push(addr) - 1
        index = txn.accounts.length + 1 + s
      }
    }
    localDeltas.set(index, stateDelta(writes.values()))
  }
  return new algosdk.EvalDelta({
    globalDelta: stateDelta(r.globalDelta.values()),
    localDeltas,
    sharedAccts: shared.map((a) => new algosdk.Address(a)),
    logs: [...r.logs],
    innerTxns,
  })
}
