import { describe, expect, it } from 'vitest'
import { TXN_FIELDS } from '../spec/fields.js'
import { makeTxn } from '../txn.js'
import { AvmError } from './errors.js'
import {
  availableRound,
  txnFieldSpecFor,
  txnFieldValue,
  type TxnRead,
  type TxnReadEnv,
} from './txn-field-values.js'

const txn = makeTxn({ type: 'appl', sender: new Uint8Array(32).fill(1), firstValid: 50n })
const read: TxnRead = {
  txn,
  txid: new Uint8Array(32).fill(9),
  groupIndex: 3,
  effects: { logs: [new Uint8Array([1])], createdAssetId: 0n, createdApplicationId: 12n },
}
const env = (over: Partial<TxnReadEnv> = {}): TxnReadEnv => ({
  version: 6,
  mode: 'app',
  inner: true,
  blockTime: (round) => round * 10n,
  ...over,
})
const field = (name: string) => TXN_FIELDS.byName.get(name)!

function failure(f: () => unknown): string {
  try {
    f()
  } catch (e) {
    if (e instanceof AvmError) return e.message
    throw e
  }
  return 'no failure'
}

describe('txnFieldValue, as itxn and gitxn use it', () => {
  it('reads effects of inner transactions from v5 on (they are always past)', () => {
    expect(txnFieldValue(read, field('NumLogs'), 0n, env({ version: 5 }))).toBe(1n)
    expect(txnFieldValue(read, field('CreatedApplicationID'), 0n, env({ version: 5 }))).toBe(12n)
    expect(
      failure(() => txnFieldValue(read, field('NumLogs'), 0n, env({ version: 5, inner: false }))),
    ).toBe('Unable to obtain effects from top-level transactions')
    expect(failure(() => txnFieldValue(read, field('NumLogs'), 0n, env({ mode: 'sig' })))).toBe(
      'txn[NumLogs] not allowed in current mode',
    )
  })
  it('GroupIndex and TxID of inner transactions exist from v6', () => {
    expect(txnFieldValue(read, field('GroupIndex'), 0n, env())).toBe(3n)
    expect(txnFieldValue(read, field('TxID'), 0n, env())).toEqual(read.txid)
    for (const name of ['GroupIndex', 'TxID']) {
      expect(failure(() => txnFieldValue(read, field(name), 0n, env({ version: 5 })))).toBe(
        `illegal field for inner transaction ${name}`,
      )
    }
  })
  it('FirstValidTime asks blockTime for FirstValid - 1', () => {
    expect(txnFieldValue(read, field('FirstValidTime'), 0n, env({ version: 7 }))).toBe(490n)
  })
  it('txnFieldSpecFor gates by version and by scalar/array form', () => {
    expect(txnFieldSpecFor(field('Logs').value, 5, true).name).toBe('Logs')
    expect(failure(() => txnFieldSpecFor(field('LastLog').value, 5, false))).toBe(
      'invalid txn field LastLog',
    )
    expect(failure(() => txnFieldSpecFor(field('Logs').value, 6, false))).toBe(
      'invalid txn field Logs',
    )
    expect(failure(() => txnFieldSpecFor(field('NumLogs').value, 6, true))).toBe(
      'unsupported array field NumLogs',
    )
  })
  it('availableRound wraps like uint64', () => {
    const t = makeTxn({ type: 'pay', sender: txn.sender, firstValid: 0n, lastValid: 0n })
    expect(failure(() => availableRound(t, 1000n, 0n))).toBe(
      "round 0 is not available. It's outside [1-0]",
    )
  })
})
