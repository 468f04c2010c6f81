import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FakeLedger } from '../../../test/fake-ledger.js'
import { runBytes, testPanics, type RunOptions } from '../../../test/helpers.js'
import { applicationAddress } from '../../encoding/address.js'
import type { AppParams } from '../../ledger.js'
import { GLOBAL_FIELDS } from '../../spec/fields.js'
import type { TxnType } from '../../txn.js'
import type { StackValue } from '../value.js'
import { addr, expectValue, runGroup, valueOf } from '../../../test/txn-kit.js'

const CREATOR = addr(42)

function ledgerWithApp(): FakeLedger {
  const ledger = new FakeLedger()
  const params: AppParams = {
    approvalProgram: new Uint8Array(0),
    clearStateProgram: new Uint8Array(0),
    globalNumUint: 0n,
    globalNumByteSlice: 0n,
    localNumUint: 0n,
    localNumByteSlice: 0n,
    extraProgramPages: 0n,
    creator: CREATOR,
    version: 0n,
  }
  ledger.apps.set(888n, params)
  return ledger
}

/** Independent computation of an app's address with node's own SHA-512/256. */
function nodeAppAddress(appId: bigint): Uint8Array {
  const id = Buffer.alloc(8)
  id.writeBigUInt64BE(appId)
  const digest = createHash('sha512-256')
    .update(Buffer.concat([Buffer.from('appID'), id]))
    .digest()
  return new Uint8Array(digest)
}

const ledger = ledgerWithApp()
const app: RunOptions = { mode: 'app', ledger, txn: { group: addr(4) } }
const sig: RunOptions = { mode: 'sig', ledger, txn: { group: addr(4) } }

/** Values in a one-transaction group on the default (MainNet) protocol and the fake ledger. */
const ANY_MODE: Readonly<Partial<Record<string, StackValue>>> = {
  MinTxnFee: 1000n,
  MinBalance: 100_000n,
  MaxTxnLife: 1000n,
  ZeroAddress: addr(0),
  GroupSize: 1n,
  LogicSigVersion: 12n,
  GroupID: addr(4),
  AssetCreateMinBalance: 100_000n,
  AssetOptInMinBalance: 100_000n,
  GenesisHash: addr(7),
  PayoutsEnabled: 1n,
  PayoutsGoOnlineFee: 2_000_000n,
  PayoutsPercent: 50n,
  PayoutsMinBalance: 30_000_000_000n,
  PayoutsMaxBalance: 70_000_000_000_000n,
}

const APP_ONLY: Readonly<Partial<Record<string, StackValue>>> = {
  Round: 1000n,
  LatestTimestamp: 1_700_000_000n,
  CurrentApplicationID: 888n,
  CreatorAddress: CREATOR,
  CurrentApplicationAddress: nodeAppAddress(888n),
  CallerApplicationID: 0n,
  CallerApplicationAddress: addr(0),
}

describe('global', () => {
  it('has a test value for every field', () => {
    const known = new Set([...Object.keys(ANY_MODE), ...Object.keys(APP_ONLY), 'OpcodeBudget'])
    expect(GLOBAL_FIELDS.fields.map((f) => f.name).filter((n) => !known.has(n))).toEqual([])
  })
  for (const f of GLOBAL_FIELDS.fields.filter((g) => g.name in ANY_MODE)) {
    it(`${f.name} (v${f.version}) in sig and app mode`, () => {
      expectValue(`global ${f.name}`, f.version, ANY_MODE[f.name]!, sig)
      expectValue(`global ${f.name}`, Math.max(2, f.version), ANY_MODE[f.name]!, app)
    })
  }
  for (const f of GLOBAL_FIELDS.fields.filter((g) => g.name in APP_ONLY)) {
    it(`${f.name} (v${f.version}) in app mode only`, () => {
      expectValue(`global ${f.name}`, f.version, APP_ONLY[f.name]!, app)
      testPanics(
        `global ${f.name}`,
        f.version,
        `global[${f.name}] not allowed in current mode`,
        sig,
      )
    })
  }
  it('each field fails below its version: invalid global field', () => {
    for (const f of GLOBAL_FIELDS.fields.filter((g) => g.version > 1)) {
      const v = f.version - 1
      const r = runBytes(new Uint8Array([v, 0x32, f.value]), v >= 2 ? app : sig)
      expect(r.error?.message, `${f.name} at v${v}`).toBe(`invalid global field ${f.name}`)
    }
  })
  it('unknown field bytes are named as go-algorand names them', () => {
    const n = GLOBAL_FIELDS.fields.length
    expect(runBytes(new Uint8Array([12, 0x32, n]), app).error?.message).toBe(
      'invalid global field invalidGlobalField',
    )
    expect(runBytes(new Uint8Array([12, 0x32, 99]), app).error?.message).toBe(
      'invalid global field GlobalField(99)',
    )
  })
  it('the version check comes before the mode check', () => {
    const round = GLOBAL_FIELDS.byName.get('Round')!.value
    expect(runBytes(new Uint8Array([1, 0x32, round]), sig).error?.message).toBe(
      'invalid global field Round',
    )
  })
  it('GroupSize counts the group', () => {
    expectValue('global GroupSize', 1, 3n, { group: [{}, {}, {}] })
  })
  it('CurrentApplicationAddress is SHA-512/256("appID" || id)', () => {
    for (const id of [0n, 1n, 888n, (1n << 64n) - 1n]) {
      expect(applicationAddress(id)).toEqual(nodeAppAddress(id))
    }
    expectValue('global CurrentApplicationAddress', 5, nodeAppAddress(123n), {
      ...app,
      appId: 123n,
    })
  })
  it('CreatorAddress needs the app in the ledger', () => {
    testPanics('global CreatorAddress', 3, 'No params for current app', {
      ...app,
      ledger: new FakeLedger(),
    })
  })
  it('LatestTimestamp fails when negative', () => {
    const l = ledgerWithApp()
    l.timestamp = -5n
    testPanics('global LatestTimestamp', 2, 'latest timestamp -5 < 0', { ...app, ledger: l })
  })
  it('OpcodeBudget is what remains of the pooled budget', () => {
    expectValue('global OpcodeBudget', 6, 699n, app)
    expectValue('pushint 1\npop\nglobal OpcodeBudget', 6, 697n, app)
    expectValue('global OpcodeBudget', 6, 19_999n, sig)
    expectValue('global OpcodeBudget', 6, 39_999n, { ...sig, group: [{}, {}] })
    const appl: TxnType = 'appl'
    expectValue('global OpcodeBudget', 6, 1399n, { ...app, group: [{}, { type: appl }] })
    // A clear-state program gets one call's budget, whatever the pool holds.
    const clear = { ...app, group: [{}, { type: appl }], txn: { onCompletion: 3n } }
    expectValue('global OpcodeBudget', 6, 699n, clear)
  })
  it('CallerApplicationID and CallerApplicationAddress name the calling app of an inner call', () => {
    const caller = { appId: 5n, appAddress: addr(9), depth: 0 }
    const txn = { type: 'appl' as TxnType, applicationId: 888n }
    for (const [field, want] of [
      ['CallerApplicationID', 5n],
      ['CallerApplicationAddress', addr(9)],
    ] as const) {
      const r = runGroup([{ txn, program: `global ${field}` }], 6, { ledger, caller }).at(0)
      expect(r?.stack, field).toEqual([want])
    }
  })
  it('GroupID is the group field of the running transaction', () => {
    expect(valueOf('global GroupID', 5, { ...sig, txn: {} })).toEqual(addr(0))
  })
})
