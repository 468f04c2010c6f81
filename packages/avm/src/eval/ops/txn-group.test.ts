import { describe, expect, it } from 'vitest'
import { testPanics } from '../../../test/helpers.js'
import type { Txn, TxnEffects } from '../../txn.js'
import type { StackValue } from '../value.js'
import { runGroup, utf8, versionsFrom, type GroupMember } from '../../../test/txn-kit.js'

const appl: Partial<Txn> = { type: 'appl', applicationId: 888n }
const call = (program?: string, effects?: Partial<TxnEffects>): GroupMember => ({
  txn: appl,
  ...(program === undefined ? {} : { program }),
  ...(effects ? { effects } : {}),
})
const other = (type: Txn['type'], effects?: Partial<TxnEffects>): GroupMember => ({
  txn: { type },
  ...(effects ? { effects } : {}),
})

/** What the `at`th program (default: the last) leaves, or its error, on each version from `first`. */
function resultsOf(
  members: readonly GroupMember[],
  first: number,
  at: number,
): (StackValue | string)[] {
  return versionsFrom(first).map((v) => {
    const results = runGroup(members, v)
    const r = results.at(at)!
    const msg = r.error?.message
    return msg !== undefined && msg !== 'stack finished with bytes not int' ? msg : r.stack.at(0)!
  })
}

function expectRun(
  members: readonly GroupMember[],
  first: number,
  want: StackValue | string,
  at = -1,
): void {
  for (const got of resultsOf(members, first, at)) {
    if (typeof want === 'string') expect(got).toContain(want)
    else expect(got).toEqual(want)
  }
}

describe('gload, gloads, gloadss', () => {
  const stores = call('int 2\nstore 0\nbyte "x"\nstore 255\nint 1')
  it("read an earlier app call's scratch space", () => {
    expectRun([stores, call('gload 0 0')], 4, 2n)
    expectRun([stores, call('gload 0 255')], 4, utf8('x'))
    expectRun([stores, call('gload 0 7')], 4, 0n)
    expectRun([stores, call('int 0\ngloads 255')], 4, utf8('x'))
    expectRun([stores, call('int 0\nint 0\ngloadss')], 6, 2n)
    const second = call('byte "txn 2"\nstore 2\nint 1')
    expectRun([stores, second, call('int 1\ngloads 2')], 4, utf8('txn 2'))
    expectRun([stores, second, call('gload 0 0')], 4, 2n)
  })
  it('only earlier transactions', () => {
    expectRun([call('gload 0 0\npop\nint 1')], 4, "can't use gload on self, use load instead")
    expectRun(
      [call('gload 1 0'), stores],
      4,
      "gload can't get future scratch space from txn with index 1",
      0,
    )
    expectRun(
      [call('int 1\ngloads 0'), stores],
      4,
      "gloads can't get future scratch space from txn with index 1",
      0,
    )
    expectRun(
      [stores, call('int 1\nint 0\ngloadss')],
      6,
      "can't use gloadss on self, use load instead",
    )
  })
  it('only app calls that ran a program', () => {
    expectRun(
      [other('pay'), call('gload 0 0')],
      4,
      "can't use gload on non-app call txn with index 0",
    )
    expectRun([call(), call('gload 0 0')], 4, 'gload lookup of txn 0 that did not run a program')
    // The type is checked before the position.
    expectRun(
      [call('gload 1 0'), other('axfer')],
      4,
      "can't use gload on non-app call txn with index 1",
      0,
    )
  })
  it('only transactions of the group and the 256 scratch slots', () => {
    expectRun([stores, call('gload 2 0')], 4, 'gload lookup TxnGroup[2] but it only has 2')
    expectRun(
      [stores, call('int 18446744073709551615\ngloads 0')],
      4,
      'gloads lookup TxnGroup[18446744073709551615] but it only has 2',
    )
    expectRun([stores, call('int 0\nint 256\ngloadss')], 6, 'gloadss scratch index >= 256 (256)')
    expectRun(
      [stores, call('int 9\nint 256\ngloadss')],
      6,
      'gloadss lookup TxnGroup[9] but it only has 2',
    )
  })
  it('are not for logic sigs', () => {
    testPanics('gload 0 0', 4, 'gload not allowed in current mode')
    testPanics('int 0\ngloads 0', 4, 'gloads not allowed in current mode')
    testPanics('int 0\nint 0\ngloadss', 6, 'gloadss not allowed in current mode')
  })
})

describe('gaid, gaids', () => {
  it('read the asset or app an earlier transaction created', () => {
    expectRun([other('acfg', { createdAssetId: 100n }), call('gaid 0')], 4, 100n)
    expectRun([call('int 1', { createdApplicationId: 101n }), call('gaid 0')], 4, 101n)
    expectRun([other('acfg', { createdAssetId: 100n }), call('int 0\ngaids')], 4, 100n)
    const three = [other('acfg'), other('acfg', { createdAssetId: 7n }), call('int 1\ngaids')]
    expectRun(three, 4, 7n)
  })
  it('fail when nothing was created', () => {
    expectRun([other('acfg'), call('gaid 0')], 4, 'gaid: index 0 did not create anything')
    expectRun([call('int 1'), call('int 0\ngaids')], 4, 'gaids: index 0 did not create anything')
  })
  it('only earlier transactions', () => {
    const ahead = [call('gaid 1'), other('acfg', { createdAssetId: 5n })]
    expectRun(
      ahead,
      4,
      "gaid can't get creatable ID of txn ahead of the current one (index 1) in the transaction group",
      0,
    )
    expectRun(
      [call('gaid 0')],
      4,
      "gaid is only for accessing creatable IDs of previous txns, use `global CurrentApplicationID` instead to access the current app's creatable ID",
    )
    expectRun(
      [call('int 0\ngaids')],
      4,
      'gaids is only for accessing creatable IDs of previous txns',
    )
  })
  it('only asset configs and app calls', () => {
    expectRun(
      [other('pay', { createdAssetId: 5n }), call('gaid 0')],
      4,
      "can't use gaid on txn that is not an app call nor an asset config txn with index 0",
    )
    expectRun(
      [other('axfer'), call('int 0\ngaids')],
      4,
      "can't use gaids on txn that is not an app call",
    )
  })
  it('only transactions of the group', () => {
    expectRun([other('acfg'), call('gaid 2')], 4, 'gaid lookup TxnGroup[2] but it only has 2')
    expectRun(
      [other('acfg'), call('int 18446744073709551615\ngaids')],
      4,
      'gaids lookup TxnGroup[18446744073709551615] but it only has 2',
    )
  })
  it('are not for logic sigs', () => {
    testPanics('gaid 0', 4, 'gaid not allowed in current mode')
    testPanics('int 0\ngaids', 4, 'gaids not allowed in current mode')
  })
})
