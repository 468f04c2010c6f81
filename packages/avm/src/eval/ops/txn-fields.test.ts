import { describe, expect, it } from 'vitest'
import { assemble } from '../../assembler/index.js'
import { runBytes, SENDER, testPanics, type RunOptions } from '../../../test/helpers.js'
import { TXN_FIELDS } from '../../spec/fields.js'
import type { Txn, TxnEffects, TxnType } from '../../txn.js'
import type { StackValue } from '../value.js'
import { addr, expectValue, runGroup, utf8, valueOf, versionsFrom } from '../../../test/txn-kit.js'

const PROGRAM = new Uint8Array(5000).map((_, i) => i % 251)

/** An app call with a distinct value in every field. */
const RICH: Partial<Txn> = {
  type: 'appl',
  fee: 1001n,
  firstValid: 900n,
  lastValid: 1100n,
  note: utf8('a note'),
  lease: addr(2),
  rekeyTo: addr(3),
  group: addr(4),
  receiver: addr(5),
  amount: 77n,
  closeRemainderTo: addr(6),
  votePk: addr(7),
  selectionPk: addr(8),
  stateProofPk: new Uint8Array(64).fill(9),
  voteFirst: 11n,
  voteLast: 12n,
  voteKeyDilution: 13n,
  nonparticipation: true,
  xferAsset: 14n,
  assetAmount: 15n,
  assetSender: addr(10),
  assetReceiver: addr(11),
  assetCloseTo: addr(12),
  configAsset: 16n,
  configAssetTotal: 17n,
  configAssetDecimals: 2n,
  configAssetDefaultFrozen: true,
  configAssetUnitName: utf8('U'),
  configAssetName: utf8('Name'),
  configAssetUrl: utf8('https://x'),
  configAssetMetadataHash: addr(13),
  configAssetManager: addr(14),
  configAssetReserve: addr(15),
  configAssetFreeze: addr(16),
  configAssetClawback: addr(17),
  freezeAsset: 18n,
  freezeAssetAccount: addr(18),
  freezeAssetFrozen: true,
  applicationId: 888n,
  onCompletion: 1n,
  applicationArgs: [utf8('arg0'), utf8('arg1')],
  accounts: [addr(20), addr(21)],
  foreignApps: [30n, 31n],
  foreignAssets: [40n],
  approvalProgram: PROGRAM.subarray(0, 100),
  clearStateProgram: PROGRAM.subarray(0, 10),
  globalNumUint: 3n,
  globalNumByteSlice: 4n,
  localNumUint: 5n,
  localNumByteSlice: 6n,
  extraProgramPages: 1n,
  rejectVersion: 2n,
}

/** RICH as a payment without RekeyTo, which a v1 program may inspect. */
const V1_SAFE: Partial<Txn> = { ...RICH, type: 'pay', rekeyTo: new Uint8Array(32) }

/** What each scalar field of RICH reads as (txn TxID is the test harness's id of index 0). */
const EXPECTED: Readonly<Partial<Record<string, StackValue>>> = {
  Sender: SENDER,
  Fee: 1001n,
  FirstValid: 900n,
  LastValid: 1100n,
  Note: utf8('a note'),
  Lease: addr(2),
  Receiver: addr(5),
  Amount: 77n,
  CloseRemainderTo: addr(6),
  VotePK: addr(7),
  SelectionPK: addr(8),
  VoteFirst: 11n,
  VoteLast: 12n,
  VoteKeyDilution: 13n,
  Type: utf8('appl'),
  TypeEnum: 6n,
  XferAsset: 14n,
  AssetAmount: 15n,
  AssetSender: addr(10),
  AssetReceiver: addr(11),
  AssetCloseTo: addr(12),
  GroupIndex: 0n,
  TxID: new Uint8Array(32).fill(100),
  ApplicationID: 888n,
  OnCompletion: 1n,
  NumAppArgs: 2n,
  NumAccounts: 2n,
  ApprovalProgram: PROGRAM.subarray(0, 100),
  ClearStateProgram: PROGRAM.subarray(0, 10),
  RekeyTo: addr(3),
  ConfigAsset: 16n,
  ConfigAssetTotal: 17n,
  ConfigAssetDecimals: 2n,
  ConfigAssetDefaultFrozen: 1n,
  ConfigAssetUnitName: utf8('U'),
  ConfigAssetName: utf8('Name'),
  ConfigAssetURL: utf8('https://x'),
  ConfigAssetMetadataHash: addr(13),
  ConfigAssetManager: addr(14),
  ConfigAssetReserve: addr(15),
  ConfigAssetFreeze: addr(16),
  ConfigAssetClawback: addr(17),
  FreezeAsset: 18n,
  FreezeAssetAccount: addr(18),
  FreezeAssetFrozen: 1n,
  NumAssets: 1n,
  NumApplications: 2n,
  GlobalNumUint: 3n,
  GlobalNumByteSlice: 4n,
  LocalNumUint: 5n,
  LocalNumByteSlice: 6n,
  ExtraProgramPages: 1n,
  Nonparticipation: 1n,
  StateProofPK: new Uint8Array(64).fill(9),
  NumApprovalProgramPages: 1n,
  NumClearStateProgramPages: 1n,
  RejectVersion: 2n,
}

const SPECIAL = new Set(['FirstValidTime'])
const scalars = TXN_FIELDS.fields.filter((f) => !f.array && !f.effect && !SPECIAL.has(f.name))
const MODES: readonly RunOptions[] = [{ mode: 'sig' }, { mode: 'app' }]

describe('txn and gtxn read every field', () => {
  it('knows every scalar field', () => {
    expect(scalars.map((f) => f.name).filter((n) => !(n in EXPECTED))).toEqual([])
  })
  for (const f of scalars) {
    it(`${f.name} (v${f.version}) in sig and app mode`, () => {
      const first = Math.max(f.version, 2)
      for (const mode of MODES) {
        const opts = { ...mode, txn: RICH }
        expectValue(`txn ${f.name}`, first, EXPECTED[f.name]!, opts)
        expectValue(`gtxn 0 ${f.name}`, first, EXPECTED[f.name]!, opts)
        if (first >= 3) expectValue(`int 0\ngtxns ${f.name}`, first, EXPECTED[f.name]!, opts)
      }
    })
  }
  it('v1 reads the original fields of a payment', () => {
    const pay = { ...RICH, type: 'pay' as TxnType, rekeyTo: addr(0) }
    for (const f of scalars.filter((s) => s.version === 1)) {
      const want = f.name === 'Type' ? utf8('pay') : f.name === 'TypeEnum' ? 1n : EXPECTED[f.name]!
      expect(valueOf(`txn ${f.name}`, 1, { txn: pay }), f.name).toEqual(want)
      expect(valueOf(`gtxn 0 ${f.name}`, 1, { txn: pay }), f.name).toEqual(want)
    }
  })
  it('absent addresses are 32 zero bytes and absent bytes are empty', () => {
    expectValue('txn Receiver', 1, addr(0))
    expectValue('txn Note', 1, new Uint8Array(0))
    expectValue('txn RekeyTo', 2, addr(0))
  })
  it('Type and TypeEnum name every transaction type', () => {
    const types: TxnType[] = ['pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl', 'stpf', 'hb']
    types.forEach((type, i) => {
      expect(valueOf('txn Type', 2, { txn: { type } })).toEqual(utf8(type))
      expect(valueOf('txn TypeEnum', 2, { txn: { type } })).toBe(BigInt(i + 1))
    })
  })
  it('GroupIndex and TxID are those of the transaction read', () => {
    const group = [{}, {}, {}]
    expectValue('txn GroupIndex', 1, 2n, { group, groupIndex: 2 })
    expectValue('gtxn 1 GroupIndex', 1, 1n, { group, groupIndex: 2 })
    expectValue('txn TxID', 1, new Uint8Array(32).fill(102), { group, groupIndex: 2 })
    expectValue('gtxn 0 TxID', 1, new Uint8Array(32).fill(100), { group, groupIndex: 2 })
  })
  it('a field can be too big for the stack (long approval programs)', () => {
    const txn = { ...RICH, approvalProgram: PROGRAM }
    testPanics('txn ApprovalProgram', 2, 'txn produced a too big (5000) byte-array', {
      txn,
      mode: 'app',
    })
  })
})

describe('field version gates', () => {
  const gated = TXN_FIELDS.fields.filter((f) => f.version > 1)
  it('each field fails to assemble below its version', () => {
    for (const f of gated) {
      const src = f.array ? `txna ${f.name} 0` : `txn ${f.name}`
      const v = Math.max(f.version - 1, f.array ? 2 : 1)
      if (v >= f.version) continue
      expect(assemble(`#pragma version ${v}\n${src}`).ok, `${src} at v${v}`).toBe(false)
    }
  })
  it('each field fails at run time below its version: invalid txn field', () => {
    for (const f of gated) {
      const v = f.version - 1
      // txna exists from v2; before that an array field is just an invalid txn field.
      const program = f.array && v >= 2 ? [v, 0x36, f.value, 0] : [v, 0x31, f.value]
      // A v1 program may not run in a group with app calls or rekeys: read a plain payment.
      const options = v >= 2 ? { mode: 'app' as const, txn: RICH } : { txn: V1_SAFE }
      const r = runBytes(new Uint8Array(program), options)
      expect(r.error?.message, `${f.name} at v${v}`).toBe(`invalid txn field ${f.name}`)
    }
  })
  it('unknown field bytes are named as go-algorand names them', () => {
    const n = TXN_FIELDS.fields.length
    expect(runBytes(new Uint8Array([12, 0x31, n])).error?.message).toBe(
      'invalid txn field invalidTxnField',
    )
    expect(runBytes(new Uint8Array([12, 0x31, 200])).error?.message).toBe(
      'invalid txn field TxnField(200)',
    )
    expect(runBytes(new Uint8Array([12, 0x33, 0, 200])).error?.message).toBe(
      'invalid txn field TxnField(200)',
    )
  })
  it('scalar ops reject array fields and array ops reject scalar fields', () => {
    const args = TXN_FIELDS.byName.get('ApplicationArgs')!.value
    const fee = TXN_FIELDS.byName.get('Fee')!.value
    const opts = { mode: 'app' as const, txn: RICH }
    expect(runBytes(new Uint8Array([12, 0x31, args]), opts).error?.message).toBe(
      'invalid txn field ApplicationArgs',
    )
    expect(runBytes(new Uint8Array([12, 0x36, fee, 0]), opts).error?.message).toBe(
      'unsupported array field Fee',
    )
    expect(runBytes(new Uint8Array([12, 0x81, 0, 0xc0, fee]), opts).error?.message).toBe(
      'unsupported array field Fee',
    )
  })
})

describe('array fields', () => {
  const opts = { mode: 'app' as const, txn: RICH }
  it('ApplicationArgs, Assets by index; out of range fails', () => {
    expectValue('txna ApplicationArgs 1', 2, utf8('arg1'), opts)
    expectValue('txn ApplicationArgs 0', 2, utf8('arg0'), opts)
    testPanics('txna ApplicationArgs 2', 2, 'invalid ApplicationArgs index 2', opts)
    expectValue('txna Assets 0', 3, 40n, opts)
    testPanics('txna Assets 1', 3, 'invalid Assets index 1', opts)
    testPanics('txna Assets 0', 3, 'invalid Assets index 0', { mode: 'app' })
  })
  it('Accounts 0 is the sender and Applications 0 the called app', () => {
    expectValue('txna Accounts 0', 2, SENDER, opts)
    expectValue('txna Accounts 2', 2, addr(21), opts)
    testPanics('txna Accounts 3', 2, 'invalid Accounts index 3', opts)
    expectValue('txna Applications 0', 3, 888n, opts)
    expectValue('txna Applications 2', 3, 31n, opts)
    testPanics('txna Applications 3', 3, 'invalid Applications index 3', opts)
  })
  it('program pages are 4096-byte slices', () => {
    const txn = { ...RICH, approvalProgram: PROGRAM, clearStateProgram: new Uint8Array(0) }
    const o = { mode: 'app' as const, txn }
    expectValue('txn NumApprovalProgramPages', 7, 2n, o)
    expectValue('txna ApprovalProgramPages 0', 7, PROGRAM.subarray(0, 4096), o)
    expectValue('txna ApprovalProgramPages 1', 7, PROGRAM.subarray(4096), o)
    testPanics('txna ApprovalProgramPages 2', 7, 'invalid ApprovalProgramPages index 2', o)
    expectValue('txn NumClearStateProgramPages', 7, 0n, o)
    testPanics('txna ClearStateProgramPages 0', 7, 'invalid ClearStateProgramPages index 0', o)
    expectValue('txna ClearStateProgramPages 0', 7, PROGRAM.subarray(0, 10), opts)
  })
  it('txnas, gtxnas and gtxnsas take the index from the stack', () => {
    expectValue('int 1\ntxnas ApplicationArgs', 5, utf8('arg1'), opts)
    expectValue('int 1\ngtxnas 0 Accounts', 5, addr(20), opts)
    expectValue('int 0\nint 1\ngtxnsas Applications', 5, 30n, opts)
    testPanics('int 2\ntxnas ApplicationArgs', 5, 'invalid ApplicationArgs index 2', opts)
    const huge = 'int 18446744073709551615'
    testPanics(`${huge}\ntxnas Accounts`, 5, 'invalid Accounts index 18446744073709551615', opts)
    testPanics(
      `int 0\n${huge}\ngtxnsas Assets`,
      5,
      'invalid Assets index 18446744073709551615',
      opts,
    )
  })
  it('gtxna and gtxnsa read other transactions of the group', () => {
    const group = [{ applicationArgs: [utf8('other')], type: 'appl' as TxnType }, {}]
    const o = { mode: 'app' as const, group, groupIndex: 1 }
    expectValue('gtxna 0 ApplicationArgs 0', 2, utf8('other'), o)
    expectValue('int 0\ngtxnsa ApplicationArgs 0', 3, utf8('other'), o)
  })
})

describe('group access', () => {
  const group = [{}, { fee: 5n }]
  it('reads any transaction of the group, before or after the current one', () => {
    expectValue('gtxn 1 Fee', 1, 5n, { group, groupIndex: 0 })
    expectValue('int 1\ngtxns Fee', 3, 5n, { group, groupIndex: 0 })
  })
  it('fails beyond the group', () => {
    testPanics('gtxn 2 Fee', 1, 'txn index 2, len(group) is 2', { group, noGate: true })
    testPanics('int 2\ngtxns Fee', 3, 'txn index 2, len(group) is 2', { group })
    testPanics(
      'int 18446744073709551615\ngtxns Fee',
      3,
      'txn index 18446744073709551615, len(group) is 2',
      {
        group,
      },
    )
    testPanics('gtxna 9 ApplicationArgs 0', 2, 'txn index 9, len(group) is 1')
  })
})

describe('txn effects (Logs, NumLogs, LastLog, Created*)', () => {
  const appl = { type: 'appl' as TxnType, applicationId: 888n }
  /** What the app call at index 1 reads with `program` after index 0 ran and left `effects`. */
  const second = (
    program: string,
    v: number,
    effects: Partial<TxnEffects>,
  ): StackValue | string => {
    const members = [
      { txn: appl, program: 'int 1', effects },
      { txn: appl, program },
    ]
    const r = runGroup(members, v).at(1)!
    const msg = r.error?.message
    if (msg !== undefined && msg !== 'stack finished with bytes not int') return msg
    return r.stack.at(0)!
  }
  it('only earlier transactions have effects', () => {
    for (const [src, first] of [
      ['txn NumLogs', 5],
      ['txna Logs 0', 5],
      ['txn LastLog', 6],
      ['gtxn 0 NumLogs', 5],
      ['gtxna 0 Logs 0', 5],
      ['int 0\nint 0\ngtxnsas Logs', 5],
      ['txn CreatedAssetID', 5],
    ] as const) {
      testPanics(src, first, 'txn effects can only be read from past txns 0 0', { mode: 'app' })
    }
    const o = { mode: 'app' as const, group: [{}, {}, {}], groupIndex: 1 }
    testPanics('gtxn 2 NumLogs', 5, 'txn effects can only be read from past txns 2 1', o)
    // The past-only rule comes before the group size check.
    testPanics('gtxn 7 NumLogs', 5, 'txn effects can only be read from past txns 7 1', o)
  })
  it('are not for logic sigs', () => {
    testPanics('txn NumLogs', 5, 'txn[NumLogs] not allowed in current mode')
    testPanics('gtxn 0 CreatedAssetID', 5, 'txn[CreatedAssetID] not allowed in current mode', {
      group: [{}, {}],
      groupIndex: 1,
    })
  })
  it('v6+ reads the logs and created ids of earlier transactions', () => {
    const logs = [utf8('one'), utf8('two')]
    for (const v of versionsFrom(6)) {
      expect(second('gtxn 0 NumLogs', v, { logs })).toBe(2n)
      expect(second('gtxn 0 LastLog', v, { logs })).toEqual(utf8('two'))
      expect(second('gtxn 0 LastLog', v, {})).toEqual(new Uint8Array(0))
      expect(second('gtxna 0 Logs 0', v, { logs })).toEqual(utf8('one'))
      expect(second('int 1\ngtxnas 0 Logs', v, { logs })).toEqual(utf8('two'))
      expect(second('int 0\nint 1\ngtxnsas Logs', v, { logs })).toEqual(utf8('two'))
      expect(second('gtxna 0 Logs 2', v, { logs })).toBe('invalid Logs index 2')
      expect(second('int 6\ngtxnas 0 Logs', v, { logs })).toBe('invalid Logs index 6')
      expect(second('gtxn 0 CreatedAssetID', v, { createdAssetId: 77n })).toBe(77n)
      expect(second('gtxn 0 CreatedApplicationID', v, { createdApplicationId: 78n })).toBe(78n)
      expect(second('gtxn 0 CreatedApplicationID', v, {})).toBe(0n)
    }
  })
  it('before v6 effects of top-level transactions are unavailable', () => {
    expect(second('gtxn 0 NumLogs', 5, {})).toBe(
      'Unable to obtain effects from top-level transactions',
    )
    expect(second('gtxn 0 CreatedAssetID', 5, {})).toBe(
      'Unable to obtain effects from top-level transactions',
    )
  })
})
