import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assembleAt, SENDER } from '../../test/helpers.js'
import { applicationAddress, encodeAddress } from '../encoding/address.js'
import { makeTxn, type Txn, type TxnEffects } from '../txn.js'
import { addr, APP, appLedger, evalLedger, lit, utf8, versions } from '../../test/app-kit.js'
import { EvalParams } from './context.js'
import { evalApp, type EvalResult } from './run.js'
import { toHex } from './resources.js'
import type { Ledger } from '../ledger.js'

const X = addr(2)

/** Runs `source` at `v` as transaction `gi` of `txns` (app `txns[gi].applicationId`), the
 * earlier transactions having left `effects`. */
function inGroup(
  source: string,
  v: number,
  txns: Partial<Txn>[],
  gi: number,
  effects: (Partial<TxnEffects> | undefined)[] = [],
  ledger: Ledger = appLedger(),
): EvalResult {
  const group = txns.map((t, i) => ({
    txn: makeTxn({ sender: SENDER, type: 'pay', ...t }),
    txid: new Uint8Array(32).fill(i + 100),
  }))
  const ep = new EvalParams({ group, ledger })
  effects.forEach((e, i) => {
    if (e) ep.effects[i] = { logs: [], createdAssetId: 0n, createdApplicationId: 0n, ...e }
  })
  const appId = group[gi].txn.applicationId || (effects[gi]?.createdApplicationId ?? 0n)
  return evalApp(assembleAt(source, v), ep, gi, appId)
}

function expectPass(r: EvalResult, label: string): void {
  expect(r.error?.message, label).toBeUndefined()
  expect(r.pass, label).toBe(true)
}

const call: Partial<Txn> = { type: 'appl', applicationId: APP }

describe('applicationAddress', () => {
  it('is SHA-512/256 of "appID" and the big-endian id', () => {
    for (const id of [1n, 888n, 2n ** 64n - 1n]) {
      const be = Buffer.alloc(8)
      be.writeBigUInt64BE(id)
      const want = createHash('sha512-256')
        .update(Buffer.concat([Buffer.from('appID'), be]))
        .digest()
      expect(Buffer.from(applicationAddress(id))).toEqual(want)
    }
  })
})

describe('group sharing (v9)', () => {
  it('payments share sender, receiver and close-to', () => {
    for (const v of versions(9)) {
      const pay = { type: 'pay' as const, sender: addr(5), receiver: addr(6), closeRemainderTo: X }
      for (const a of [addr(5), addr(6), X]) {
        expectPass(inGroup(`${lit(a)}; balance; !`, v, [call, pay], 0), `v${v}`)
      }
      const r = inGroup(`${lit(X)}; balance; !`, 8, [call, pay], 0)
      expect(r.error?.message).toContain('unavailable Account')
    }
  })
  it('asset transfers and freezes share their holdings', () => {
    const ledger = appLedger()
    ledger.setHolding(X, 400n, { amount: 1n, frozen: false })
    const holding = `${lit(X)}; int 400; asset_holding_get AssetBalance; &&`
    for (const tx of [
      { type: 'axfer' as const, xferAsset: 400n, assetReceiver: X },
      { type: 'axfer' as const, xferAsset: 400n, assetCloseTo: X },
      { type: 'axfer' as const, xferAsset: 400n, assetSender: X },
      { type: 'afrz' as const, freezeAsset: 400n, freezeAssetAccount: X },
    ]) {
      expectPass(inGroup(holding, 9, [call, tx], 0, [], ledger), tx.type)
    }
  })
  it('app calls share their accounts x assets holdings and accounts x apps locals', () => {
    const ledger = appLedger()
    ledger.setHolding(X, 400n, { amount: 1n, frozen: false })
    ledger.setHolding(applicationAddress(777n), 400n, { amount: 2n, frozen: false })
    ledger.optIn(X, 777n)
    ledger.optIn(X, 778n)
    const other = {
      type: 'appl' as const,
      applicationId: 777n,
      accounts: [X],
      foreignAssets: [400n],
      foreignApps: [778n],
    }
    for (const src of [
      `${lit(X)}; int 400; asset_holding_get AssetBalance; &&`,
      `${lit(applicationAddress(777n))}; int 400; asset_holding_get AssetBalance; &&`,
      `${lit(X)}; int 777; app_opted_in`,
      `${lit(X)}; int 778; byte "k"; app_local_get_ex; !; &&; !`,
    ]) {
      expectPass(inGroup(src, 9, [call, other], 0, [], ledger), src)
    }
    // But not a cross product across transactions.
    const r = inGroup(
      `${lit(X)}; int 777; app_opted_in`,
      9,
      [call, { type: 'pay', receiver: X }, { type: 'appl', applicationId: 777n }],
      0,
      [],
      ledger,
    )
    expect(r.error?.message).toBe(`unavailable Local State 777+${encodeAddress(X)}`)
  })
})

describe('resources created earlier in the group (v6)', () => {
  it('a created asset is available, and its holding for any available account (v9)', () => {
    const txns = [{ type: 'acfg' as const }, call]
    const fx = [{ createdAssetId: 5000n }]
    for (const v of versions(6)) {
      expectPass(
        inGroup('int 5000; asset_params_get AssetTotal; !; &&; !', v, txns, 1, fx),
        `v${v}`,
      )
    }
    for (const v of versions(4, 5)) {
      expect(inGroup('int 5000; asset_params_get AssetTotal', v, txns, 1, fx).error?.message).toBe(
        'unavailable Asset 5000',
      )
    }
    expectPass(
      inGroup('txn Sender; int 5000; asset_holding_get AssetBalance; !; &&; !', 9, txns, 1, fx),
      'holding',
    )
  })
  it('a created app and its account are available', () => {
    const txns = [{ type: 'appl' as const, applicationId: 0n }, call]
    const fx = [{ createdApplicationId: 5001n }]
    for (const v of versions(6)) {
      expectPass(
        inGroup('int 5001; app_params_get AppGlobalNumUint; !; &&; !', v, txns, 1, fx),
        `v${v}`,
      )
      expectPass(inGroup(`${lit(applicationAddress(5001n))}; balance; !`, v, txns, 1, fx), `v${v}`)
    }
    expect(
      inGroup(`${lit(applicationAddress(5001n))}; balance`, 5, txns, 1, fx).error?.message,
    ).toContain('unavailable Account')
  })
  it("a created app's index-0 box refs become its own", () => {
    const txns = [
      { type: 'appl' as const, applicationId: 0n, boxes: [{ index: 0, name: utf8('b') }] },
      { type: 'appl' as const, applicationId: 5001n },
    ]
    const fx = [{ createdApplicationId: 5001n }]
    expectPass(inGroup('byte "b"; int 8; box_create', 8, txns, 1, fx), 'box')
    const none = [{ type: 'appl' as const, applicationId: 0n }, txns[1]]
    expect(inGroup('byte "b"; int 8; box_create', 8, none, 1, fx).error?.message).toBe(
      'invalid Box reference 0x62',
    )
  })
  it('the creating program sees its own id as a created app', () => {
    const create = [
      { type: 'appl' as const, applicationId: 0n, boxes: [{ index: 0, name: utf8('b') }] },
    ]
    expectPass(
      inGroup('byte "b"; int 8; box_create', 8, create, 0, [{ createdApplicationId: 6000n }]),
      'create',
    )
  })
})

describe('the I/O budget of a group', () => {
  it('counts box references of every transaction, checked at the first app call', () => {
    const ledger = appLedger()
    ledger.putBox(APP, utf8('b'), new Uint8Array(3000))
    const ref = { index: 0, name: utf8('b') }
    const txns = [
      { ...call, boxes: [ref] },
      { ...call, boxes: [{ index: 0, name: utf8('') }] },
    ]
    expectPass(inGroup('byte "b"; box_len; pop', 8, txns, 0, [], ledger), 'two refs')
    const alone = inGroup('byte "b"; box_len; pop', 8, [txns[0]], 0, [], ledger)
    expect(alone.error?.message).toBe('read budget exceeded (3000 > 2048)')
  })
  it('is shared with inner app calls', () => {
    const ledger = evalLedger()
    ledger.createApp(1001n, { approvalProgram: assembleAt('byte "b"; int 3000; box_create', 9) })
    const top =
      'itxn_begin; int appl; itxn_field TypeEnum; int 1001; itxn_field ApplicationID; itxn_submit; int 1'
    const refs = (n: number) => Array.from({ length: n }, () => ({ index: 1, name: utf8('b') }))
    const two = inGroup(top, 9, [{ ...call, foreignApps: [1001n], boxes: refs(2) }], 0, [], ledger)
    expectPass(two, 'shared budget')
    expect(ledger.getBox(1001n, utf8('b'))?.length).toBe(3000)
    const one = inGroup(
      top,
      9,
      [{ ...call, foreignApps: [1001n], boxes: refs(1) }],
      0,
      [],
      evalLedgerWith1001(),
    )
    expect(one.error?.message).toBe(
      'inner tx 0 failed: write budget exceeded (3000 > 2048) while creating box 0x62',
    )
  })
})

function evalLedgerWith1001() {
  const ledger = evalLedger()
  ledger.createApp(1001n, { approvalProgram: assembleAt('byte "b"; int 3000; box_create', 9) })
  return ledger
}

describe('toHex', () => {
  const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

  it('encodes any sequence of values as Buffer does, repeats and changed arrays included', () => {
    const bytes = fc.uint8Array({ maxLength: 80 })
    fc.assert(
      fc.property(
        fc.array(fc.oneof(bytes, fc.constant(new Uint8Array([1, 2]))), { maxLength: 12 }),
        (values) => {
          for (const v of values) expect(toHex(v)).toBe(hex(v))
        },
      ),
    )
  })

  it('sees a change to the array it encoded last', () => {
    const key = Uint8Array.from([0xab, 0xcd])
    expect(toHex(key)).toBe('abcd')
    key[1] = 0xce
    expect(toHex(key)).toBe('abce')
    expect(toHex(key.subarray(0, 1))).toBe('ab')
  })
})
