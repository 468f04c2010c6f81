import { describe, expect, it } from 'vitest'
import { FakeLedger } from '../../../test/fake-ledger.js'
import { runBytes, testPanics, type RunOptions } from '../../../test/helpers.js'
import type { BlockHeader } from '../../ledger.js'
import { BLOCK_FIELDS } from '../../spec/fields.js'
import { addr, expectValue, utf8 } from '../../../test/txn-kit.js'

/** A header whose every field tells which round it belongs to. */
function header(round: bigint): BlockHeader {
  const n = Number(round % 200n)
  return {
    seed: addr(n),
    timestamp: 100n + (9n * round) / 2n,
    proposer: addr(n + 1),
    feesCollected: round * 10n,
    bonus: round * 11n,
    branch: addr(n + 2),
    feeSink: addr(n + 3),
    protocol: utf8(`proto-${round}`),
    txnCounter: round * 12n,
    proposerPayout: round * 13n,
  }
}

/** The fake ledger (current round 1000) with every earlier block. */
class HistoryLedger extends FakeLedger {
  override blockHeader(round: bigint): BlockHeader | undefined {
    return round >= 1n && round < this.currentRound ? header(round) : undefined
  }
}

const ledger = new HistoryLedger()
/** A transaction valid in [990, 1010] sees blocks 9 (1010 - MaxTxnLife - 1) to 989. */
const view = { firstValid: 990n, lastValid: 1010n }
const app: RunOptions = { mode: 'app', ledger, txn: view }
const sig: RunOptions = { mode: 'sig', ledger, txn: view }

describe('block', () => {
  it('reads every field of an available block, in both modes', () => {
    const h = header(500n)
    const expected: Partial<Record<string, bigint | Uint8Array>> = {
      BlkSeed: h.seed,
      BlkTimestamp: h.timestamp,
      BlkProposer: h.proposer,
      BlkFeesCollected: h.feesCollected,
      BlkBonus: h.bonus,
      BlkBranch: h.branch,
      BlkFeeSink: h.feeSink,
      BlkProtocol: h.protocol,
      BlkTxnCounter: h.txnCounter,
      BlkProposerPayout: h.proposerPayout,
    }
    for (const f of BLOCK_FIELDS.fields) {
      expectValue(`int 500\nblock ${f.name}`, f.version, expected[f.name]!, app)
      expectValue(`int 500\nblock ${f.name}`, f.version, expected[f.name]!, sig)
    }
  })
  it('sees rounds from LastValid - MaxTxnLife - 1 to FirstValid - 1', () => {
    expectValue('int 9\nblock BlkTimestamp', 7, header(9n).timestamp, app)
    expectValue('int 989\nblock BlkTimestamp', 7, header(989n).timestamp, app)
    testPanics('int 8\nblock BlkSeed', 7, "round 8 is not available. It's outside [9-989]", app)
    testPanics('int 990\nblock BlkSeed', 7, "round 990 is not available. It's outside [9-989]", app)
    // The current round and the one before it are beyond any transaction's FirstValid - 1.
    const current = { ...app, txn: { firstValid: 1000n, lastValid: 1000n } }
    testPanics('int 999\nblock BlkSeed', 7, "round 999 is not available. It's outside [1-998]", {
      ...current,
      txn: { firstValid: 999n, lastValid: 1000n },
    })
    testPanics(
      'int 1000\nblock BlkSeed',
      7,
      "round 1000 is not available. It's outside [1-999]",
      current,
    )
  })
  it('never sees round 0, and nothing at all when FirstValid is 0', () => {
    const early = { ...app, txn: { firstValid: 5n, lastValid: 100n } }
    testPanics('int 0\nblock BlkSeed', 7, "round 0 is not available. It's outside [1-4]", early)
    const zero = { ...app, txn: { firstValid: 0n, lastValid: 100n } }
    testPanics('int 0\nblock BlkSeed', 7, "round 0 is not available. It's outside [1-0]", zero)
  })
  it('checks the round before the field, then asks the ledger', () => {
    const program = (round: number, field: number) => new Uint8Array([12, 0x81, round, 0xd1, field])
    expect(runBytes(program(5, 99), app).error?.message).toBe(
      "round 5 is not available. It's outside [9-989]",
    )
    expect(runBytes(program(50, 99), app).error?.message).toBe('invalid block field BlockField(99)')
    expect(runBytes(program(50, 10), app).error?.message).toBe('invalid block field BlkBranch512')
    expect(runBytes(program(50, 14), app).error?.message).toBe(
      'invalid block field invalidBlockField',
    )
    testPanics(
      'int 50\nblock BlkSeed',
      7,
      'ledger does not have entry 50 (latest 999, committed 999)',
      {
        ...app,
        ledger: new FakeLedger(),
      },
    )
  })
  it('v11 fields fail before v11', () => {
    for (const f of BLOCK_FIELDS.fields.filter((g) => g.version > 7)) {
      const r = runBytes(new Uint8Array([f.version - 1, 0x81, 50, 0xd1, f.value]), app)
      expect(r.error?.message).toBe(`invalid block field ${f.name}`)
    }
  })
  it('fails on a negative timestamp', () => {
    class Negative extends HistoryLedger {
      override blockHeader(round: bigint): BlockHeader | undefined {
        return { ...header(round), timestamp: -5n }
      }
    }
    const o = { ...app, ledger: new Negative() }
    testPanics('int 50\nblock BlkTimestamp', 7, 'block(50) timestamp -5 < 0', o)
    expectValue('int 50\nblock BlkSeed', 7, header(50n).seed, o)
  })
})

describe('txn FirstValidTime', () => {
  it('is the timestamp of the block before FirstValid, in both modes', () => {
    expectValue('txn FirstValidTime', 7, header(989n).timestamp, app)
    expectValue('txn FirstValidTime', 7, header(989n).timestamp, sig)
    const fresh = { ...sig, txn: { firstValid: 1000n, lastValid: 1000n } }
    expectValue('txn FirstValidTime', 7, header(999n).timestamp, fresh)
  })
  it('follows the block availability rule of the running transaction', () => {
    const long = { ...sig, txn: { firstValid: 500n, lastValid: 1502n } }
    testPanics('txn FirstValidTime', 7, "round 499 is not available. It's outside [501-499]", long)
    const first = { ...sig, txn: { firstValid: 1n, lastValid: 100n } }
    testPanics('txn FirstValidTime', 7, 'round 0 is not available', first)
    const zero = { ...sig, txn: { firstValid: 0n, lastValid: 100n } }
    testPanics('txn FirstValidTime', 7, 'round 18446744073709551615 is not available', zero)
  })
  it("of another transaction uses its FirstValid but the running transaction's view", () => {
    const group = [{ firstValid: 995n }, {}]
    testPanics('gtxn 0 FirstValidTime', 7, "round 994 is not available. It's outside [9-989]", {
      ...app,
      group,
      groupIndex: 1,
    })
    expectValue('gtxn 0 FirstValidTime', 7, header(979n).timestamp, {
      ...app,
      group: [{ firstValid: 980n }, {}],
      groupIndex: 1,
    })
  })
  it('fails when the ledger lacks the block', () => {
    const o = { ...sig, ledger: new FakeLedger() }
    testPanics(
      'txn FirstValidTime',
      7,
      'ledger does not have entry 989 (latest 999, committed 999)',
      o,
    )
  })
})
