import { describe, expect, it } from 'vitest'
import { assembleAt, run } from '../../../test/helpers.js'
import { encodeAddress } from '../../encoding/address.js'
import { makeTxn, type Txn } from '../../txn.js'
import { applicationAddress } from '../../encoding/address.js'
import { groupId, innerTxnId } from '../txn-encoding.js'
import {
  accepts,
  addr,
  APP,
  APP_ADDR,
  appLedger,
  evalLedger,
  lit,
  panics,
  runAt,
  utf8,
  versions,
} from '../../../test/app-kit.js'

const R = addr(2)
const TXID = new Uint8Array(32).fill(100) // runBytes gives transaction 0 this id
const base = { firstValid: 100n, lastValid: 1100n }
const withR = () => ({ txn: { ...base, accounts: [R] } })
const PAY = `itxn_begin; int pay; itxn_field TypeEnum; ${lit(R)}; itxn_field Receiver; int 5; itxn_field Amount`
const inner = (fields: Partial<Txn>): Txn =>
  makeTxn({ sender: APP_ADDR, fee: 1000n, ...base, ...fields, type: fields.type ?? 'pay' })

describe('itxn_submit hands the host exactly the transaction built', () => {
  it('a payment, with the default sender, fee and validity', () => {
    for (const v of versions(5)) {
      const { r, ledger } = runAt(`${PAY}; itxn_submit; int 1`, v, withR)
      expect(r.error).toBeUndefined()
      expect(ledger.innerGroups).toHaveLength(1)
      const g = ledger.innerGroups[0]
      const { pools, ...who } = g.caller
      expect(who).toEqual({ appId: APP, appAddress: APP_ADDR, depth: 0 })
      expect(pools.inners).toBe(255)
      const want = inner({ receiver: R, amount: 5n })
      expect(g.txns).toEqual([want])
      expect(g.txids).toEqual([innerTxnId(want, TXID, 0)])
      expect(r.innerGroups).toHaveLength(1)
      expect(r.innerGroups[0]?.txns).toEqual([want])
      expect(r.innerGroups[0]?.txids).toEqual(g.txids)
    }
  })
  it('an asset transfer', () => {
    const src = `itxn_begin; byte "axfer"; itxn_field Type; int 400; itxn_field XferAsset; int 7; itxn_field AssetAmount; ${lit(R)}; itxn_field AssetReceiver; ${lit(R)}; itxn_field AssetCloseTo; itxn_submit; int 1`
    for (const v of versions(5)) {
      const { r, ledger } = runAt(src, v, () => ({
        txn: { ...base, accounts: [R], foreignAssets: [400n] },
      }))
      expect(r.error).toBeUndefined()
      expect(ledger.innerGroups[0]?.txns).toEqual([
        inner({
          type: 'axfer',
          xferAsset: 400n,
          assetAmount: 7n,
          assetReceiver: R,
          assetCloseTo: R,
        }),
      ])
    }
  })
  it('an app call with arguments, references and programs', () => {
    const src = `itxn_begin; int appl; itxn_field TypeEnum; int 999; itxn_field ApplicationID; int 1; itxn_field OnCompletion
      byte "a1"; itxn_field ApplicationArgs; byte "a2"; itxn_field ApplicationArgs
      ${lit(R)}; itxn_field Accounts; int 400; itxn_field Assets; int 999; itxn_field Applications
      byte "note"; itxn_field Note; ${lit(addr(7))}; itxn_field RekeyTo
      itxn_submit; int 1`
    const expected = inner({
      type: 'appl',
      applicationId: 999n,
      onCompletion: 1n,
      applicationArgs: [utf8('a1'), utf8('a2')],
      accounts: [R],
      foreignAssets: [400n],
      foreignApps: [999n],
      note: utf8('note'),
      rekeyTo: addr(7),
    })
    for (const v of versions(6)) {
      const { r, ledger } = runAt(src, v, (l) => {
        l.createApp(999n)
        return { txn: { ...base, accounts: [R], foreignAssets: [400n], foreignApps: [999n] } }
      })
      expect(r.error).toBeUndefined()
      expect(ledger.innerGroups[0]?.txns).toEqual([expected])
    }
  })
  it('an app creation with paged programs and schemas', () => {
    const src = `itxn_begin; int appl; itxn_field TypeEnum
      byte 0x0881; itxn_field ApprovalProgramPages; byte 0x01; itxn_field ApprovalProgramPages
      byte 0x088101; itxn_field ClearStateProgram
      int 3; itxn_field GlobalNumUint; int 2; itxn_field LocalNumByteSlice; int 1; itxn_field ExtraProgramPages
      itxn_submit; itxn CreatedApplicationID`
    const { r, ledger } = runAt(src, 7, () => ({ txn: base }))
    expect(r.error).toBeUndefined()
    expect(r.stack).toEqual([5000n])
    expect(ledger.innerGroups[0]?.txns).toEqual([
      inner({
        type: 'appl',
        approvalProgram: new Uint8Array([8, 0x81, 1]),
        clearStateProgram: new Uint8Array([8, 0x81, 1]),
        globalNumUint: 3n,
        localNumByteSlice: 2n,
        extraProgramPages: 1n,
      }),
    ])
  })
  it('a group: fees pooled, ids and group id computed', () => {
    const src = `${PAY}; int 2000; itxn_field Fee; itxn_next; int pay; itxn_field TypeEnum; ${lit(R)}; itxn_field Receiver; itxn_submit; int 1`
    for (const v of versions(6)) {
      const { r, ledger } = runAt(src, v, withR)
      expect(r.error).toBeUndefined()
      const loose = [
        inner({ receiver: R, amount: 5n, fee: 2000n }),
        inner({ receiver: R, fee: 0n }),
      ]
      const gid = groupId(loose.map((t, i) => innerTxnId(t, TXID, i)))
      const grouped = loose.map((t) => ({ ...t, group: gid }))
      expect(ledger.innerGroups[0]?.txns).toEqual(grouped)
      expect(ledger.innerGroups[0]?.txids).toEqual(grouped.map((t, i) => innerTxnId(t, TXID, i)))
    }
  })
  it('ids of later groups count the inner transactions before them', () => {
    const { r, ledger } = runAt(`${PAY}; itxn_submit; ${PAY}; itxn_submit; int 1`, 6, withR)
    expect(r.error).toBeUndefined()
    const t = inner({ receiver: R, amount: 5n })
    expect(ledger.innerGroups.map((g) => g.txids)).toEqual([
      [innerTxnId(t, TXID, 0)],
      [innerTxnId(t, TXID, 1)],
    ])
  })
})

describe('fees', () => {
  it('a short fee fails unless the group overpaid', () => {
    panics(
      `${PAY}; int 999; itxn_field Fee; itxn_submit; int 1`,
      5,
      'group fee 999uA too small (needs 1uA more)',
      withR,
    )
    panics(
      `${PAY}; int 0; itxn_field Fee; itxn_submit; int 1`,
      5,
      'group fee 0.0A too small (needs 1mA more)',
      withR,
    )
    accepts(`${PAY}; int 0; itxn_field Fee; itxn_submit; int 1`, 5, () => ({
      txn: { ...base, accounts: [R], fee: 2000n },
    }))
  })
  it('overpaid fees become credit that lowers later default fees', () => {
    const src = `${PAY}; int 3000; itxn_field Fee; itxn_submit; ${PAY}; itxn_submit; itxn Fee; !`
    accepts(src, 5, withR)
    accepts(`${PAY}; itxn_submit; itxn Fee; int 500; ==`, 5, () => ({
      txn: { ...base, accounts: [R], fee: 1500n },
    }))
  })
})

describe('reading inner transactions', () => {
  it('itxn reads the last transaction, gitxn any of the last group', () => {
    const src = `${PAY}; itxn_next; int pay; itxn_field TypeEnum; ${lit(R)}; itxn_field Receiver; int 9; itxn_field Amount; itxn_submit`
    accepts(`${src}; itxn Amount; int 9; ==`, 6, withR)
    accepts(`${src}; gitxn 0 Amount; int 5; ==`, 6, withR)
    accepts(`${src}; gitxn 1 Amount; int 9; ==`, 6, withR)
    accepts(`${src}; itxn GroupIndex; !`, 6, withR)
    accepts(`${src}; gitxn 1 GroupIndex; int 1; ==`, 6, withR)
    accepts(`${src}; itxn Sender; global CurrentApplicationAddress; ==`, 6, withR)
    accepts(`${src}; itxna Accounts 0; global CurrentApplicationAddress; ==`, 6, withR)
    panics(`${src}; gitxn 2 Amount`, 6, 'txn index 2, len(group) is 2', withR)
    panics('itxn Amount', 5, 'txn index 0, len(group) is 0')
    panics('gitxn 0 Amount', 6, 'txn index 0, len(group) is 0')
  })
  it('effects: logs and created ids', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.innerEffects = () => ({
        logs: [utf8('x'), utf8('yz')],
        createdAssetId: 77n,
        createdApplicationId: 0n,
      })
      return withR()
    }
    const src = `${PAY}; itxn_submit`
    accepts(`${src}; itxn NumLogs; int 2; ==`, 5, setup)
    accepts(`${src}; itxna Logs 1; byte "yz"; ==`, 5, setup)
    accepts(`${src}; int 0; itxnas Logs; byte "x"; ==`, 6, setup)
    accepts(`${src}; itxn LastLog; byte "yz"; ==`, 6, setup)
    accepts(`${src}; itxn CreatedAssetID; int 77; ==`, 5, setup)
    accepts(`${src}; gitxn 0 CreatedApplicationID; !`, 6, setup)
    accepts(`${src}; int 1; gitxnas 0 Logs; byte "yz"; ==`, 6, setup)
    panics(`${src}; itxna Logs 2`, 5, 'invalid Logs index 2', setup)
  })
  it('TxID of an inner transaction, with go-algorand caching quirk', () => {
    const one = inner({ receiver: R, amount: 5n })
    const hex = (b: Uint8Array) => `byte 0x${Buffer.from(b).toString('hex')}`
    accepts(`${PAY}; itxn_submit; itxn TxID; ${hex(innerTxnId(one, TXID, 0))}; ==`, 6, withR)
    panics(
      `${PAY}; itxn_submit; itxn TxID`,
      5,
      'illegal field for inner transaction TxID',
      withR,
      5,
    )
    const two = `${PAY}; itxn_next; int pay; itxn_field TypeEnum; itxn_submit`
    // itxn TxID reads the last transaction but names it by position 0; gitxn 0 then agrees.
    for (const v of versions(6)) {
      const { r, ledger } = runAt(`${two}; itxn TxID; gitxn 0 TxID; gitxn 1 TxID`, v, withR)
      const g = ledger.innerGroups[0]
      expect(r.stack).toEqual([
        innerTxnId(g.txns[1], TXID, 0),
        innerTxnId(g.txns[1], TXID, 0),
        innerTxnId(g.txns[1], TXID, 1),
      ])
      expect(g.txids[1]).toEqual(innerTxnId(g.txns[1], TXID, 1))
    }
  })
})

describe('itxn_begin, itxn_next, itxn_field order', () => {
  it('fails out of order', () => {
    panics('int 1; itxn_field Amount', 5, 'itxn_field without itxn_begin')
    panics('itxn_next', 6, 'itxn_next without itxn_begin')
    panics('itxn_submit', 5, 'itxn_submit without itxn_begin')
    panics('itxn_begin; itxn_begin', 5, 'itxn_begin without itxn_submit')
    panics(`${PAY}; itxn_submit; itxn_submit`, 5, 'itxn_submit without itxn_begin', withR)
  })
  it('is app mode only, and not in clear-state programs', () => {
    for (const v of versions(5)) {
      expect(run('itxn_begin; int 1', v, { mode: 'sig' }).error?.message).toContain(
        'itxn_begin not allowed in current mode',
      )
    }
    panics('itxn_begin; int 1', 5, 'clear state programs can not issue inner transactions', () => ({
      txn: { onCompletion: 3n },
    }))
  })
  it('an unset type is malformed', () => {
    panics('itxn_begin; itxn_submit; int 1', 5, 'unknown tx type ')
  })
})

describe('limits', () => {
  const pays = (n: number) =>
    `itxn_begin; int pay; itxn_field TypeEnum${'; itxn_next; int pay; itxn_field TypeEnum'.repeat(n - 1)}`
  it('a group holds at most 16 transactions', () => {
    accepts(`${pays(16)}; itxn_submit; int 1`, 6)
    panics(`${pays(16)}; itxn_next`, 6, 'too many inner transactions 16 with 256 left')
  })
  it('a group with app calls shares a pool of 256 inner transactions (16 x 16)', () => {
    const one = 'itxn_begin; int pay; itxn_field TypeEnum; itxn_submit; '
    // Four opcodes per inner transaction: 256 of them need the budget of two app calls.
    const twoCalls = () => ({ group: [{}, { type: 'appl' as const }] })
    accepts(`${one.repeat(256)}int 1`, 5, twoCalls)
    // One more may be begun (as in v5), but not submitted.
    panics(`${one.repeat(257)}int 1`, 5, 'too many inner transactions 1 with 0 left', twoCalls)
  })
})

describe('senders', () => {
  it('the sender must be controlled by the app', () => {
    const msg = `app ${APP} (addr ${encodeAddress(APP_ADDR)}) unauthorized ${encodeAddress(R)}`
    panics(`${PAY}; ${lit(R)}; itxn_field Sender; itxn_submit; int 1`, 5, msg, withR)
    accepts(`${PAY}; ${lit(R)}; itxn_field Sender; itxn_submit; int 1`, 5, (l) => {
      l.setAccount(R, { authAddr: APP_ADDR })
      return withR()
    })
  })
  it('a transaction that rekeys the app account away stops the rest of its group', () => {
    const src = `itxn_begin; int pay; itxn_field TypeEnum; global ZeroAddress; byte 0x01; b|; itxn_field RekeyTo
      itxn_next; int pay; itxn_field TypeEnum; itxn_submit; int 1`
    panics(src, 6, 'unauthorized AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAVIOOBQA')
  })
})

describe('inner app calls', () => {
  const call = (id: string) =>
    `itxn_begin; int appl; itxn_field TypeEnum; ${id}; itxn_field ApplicationID`
  it('may not call the calling app', () => {
    panics(`${call('int 888')}; itxn_submit; int 1`, 6, 'attempt to self-call')
  })
  it('may only call programs of v4 and later', () => {
    const old =
      (approval: number[], clear: number[] = [8, 0x81, 1]) =>
      (l: ReturnType<typeof appLedger>) => {
        l.createApp(999n, {
          approvalProgram: new Uint8Array(approval),
          clearStateProgram: new Uint8Array(clear),
        })
        return { txn: { foreignApps: [999n] } }
      }
    panics(
      `${call('int 999')}; itxn_submit; int 1`,
      6,
      'inner app call with version v3 < v4',
      old([3, 0x81, 1]),
    )
    accepts(`${call('int 999')}; itxn_submit; int 1`, 6, old([4, 0x81, 1]))
    panics(
      `${call('int 999')}; int 1; itxn_field OnCompletion; itxn_submit; int 1`,
      6,
      'inner app call opt-in with CSP v3 < v4',
      old([4, 0x81, 1], [3, 0x81, 1]),
    )
    // A clear-state call runs the clear-state program.
    panics(
      `${call('int 999')}; int 3; itxn_field OnCompletion; itxn_submit; int 1`,
      6,
      'inner app call with version v3 < v4',
      old([4, 0x81, 1], [3, 0x81, 1]),
    )
    panics(`${call('int 999')}; itxn_submit; int 1`, 6, 'invalid program (empty)', old([]))
    panics(`${call('int 999')}; itxn_submit; int 1`, 6, 'app 999 does not exist', () => ({
      txn: { foreignApps: [999n] },
    }))
    panics(
      'itxn_begin; int appl; itxn_field TypeEnum; itxn_submit; int 1',
      6,
      'invalid program (empty)',
    )
  })
  /** Apps 1001.. each calling the next; all named by the group, so available from v9. */
  function chain(length: number, last = 'int 1') {
    const ledger = evalLedger()
    const ids = Array.from({ length }, (_, i) => 1001n + BigInt(i))
    ids.forEach((id, i) => {
      const next = i + 1 < length ? `${call(`int ${id + 1n}`)}; itxn_submit; int 1` : last
      ledger.createApp(id, { approvalProgram: assembleAt(next, 9) })
    })
    return {
      ledger,
      group: [{}, { type: 'appl' as const, applicationId: 1001n, foreignApps: ids }],
    }
  }
  it('are evaluated by the host, within a depth of 8', () => {
    const top = `${call('int 1001')}; itxn_submit; int 1`
    for (const v of versions(9)) {
      const ok = chain(8)
      expect(run(top, v, { mode: 'app', ledger: ok.ledger, group: ok.group }).error).toBeUndefined()
      const deep = chain(9)
      const r = run(top, v, { mode: 'app', ledger: deep.ledger, group: deep.group })
      expect(r.error?.message).toContain('appl depth (8) exceeded')
      expect(r.error?.message).toMatch(/^(inner tx 0 failed: ){8}appl depth \(8\) exceeded$/)
      const back = chain(2, `${call('int 888')}; itxn_submit; int 1`)
      const re = run(top, v, { mode: 'app', ledger: back.ledger, group: back.group })
      expect(re.error?.message).toContain('attempt to re-enter 888')
    }
  })
  it('add their budget to the pool', () => {
    const burn = (n: number) => `int 0; loop: int 1; +; dup; int ${n}; <; bnz loop; pop; int 1`
    const c = chain(1)
    const opts = { mode: 'app' as const, ledger: c.ledger, txn: { foreignApps: [1001n] } }
    expect(run(burn(100), 9, opts).error).toBeUndefined()
    expect(run(burn(200), 9, opts).error?.message).toContain('dynamic cost budget exceeded')
    expect(run(`${call('int 1001')}; itxn_submit; ${burn(200)}`, 9, opts).error).toBeUndefined()
  })
})

describe('resources', () => {
  it('what inner transactions create becomes available from v6', () => {
    const acfg = 'itxn_begin; int acfg; itxn_field TypeEnum; itxn_submit'
    const xfer = `itxn_begin; int axfer; itxn_field TypeEnum; itxn CreatedAssetID; itxn_field XferAsset; global CurrentApplicationAddress; itxn_field AssetReceiver; itxn_submit; int 1`
    panics(`${acfg}; ${xfer}`, 5, 'unavailable Asset 5000 during assignment', undefined, 5)
    accepts(`${acfg}; ${xfer}`, 6)
    const appl =
      'itxn_begin; int appl; itxn_field TypeEnum; byte 0x068101; dup; itxn_field ApprovalProgram; itxn_field ClearStateProgram; itxn_submit'
    accepts(
      `${appl}; itxn CreatedApplicationID; app_params_get AppGlobalNumUint; pop; pop; ${lit(applicationAddress(5000n))}; balance; !`,
      6,
    )
  })
  it('from v9, holdings the program could not read may not be reached', () => {
    const src = `itxn_begin; int axfer; itxn_field TypeEnum; int 400; itxn_field XferAsset; ${lit(R)}; itxn_field AssetReceiver; itxn_submit; int 1`
    const apart = () => ({
      txn: { foreignAssets: [400n] },
      group: [{}, { type: 'pay' as const, receiver: R }],
    })
    panics(
      src,
      9,
      `axfer AssetReceiver: unavailable Holding 400+${encodeAddress(R)} would be accessible`,
      apart,
    )
    const together = () => ({
      txn: { foreignAssets: [400n] },
      group: [{}, { type: 'axfer' as const, xferAsset: 400n, assetReceiver: R }],
    })
    accepts(src, 9, together)
    panics(
      src,
      9,
      `axfer Sender: unavailable Holding 400+${encodeAddress(APP_ADDR)} would be accessible`,
      () => ({
        group: [{}, { type: 'axfer' as const, xferAsset: 400n, assetReceiver: R }],
      }),
    )
  })
})

describe('the host', () => {
  it('its rejection fails the program with its message', () => {
    panics(`${PAY}; itxn_submit; int 1`, 5, 'inner tx 0 failed: overspend', (l) => {
      l.innerEffects = () => {
        throw new Error('inner tx 0 failed: overspend')
      }
      return withR()
    })
  })
  it('its wellFormed check runs first', () => {
    panics(`${PAY}; itxn_submit; int 1`, 5, 'malformed', (l) => {
      l.wellFormed = () => {
        throw new Error('malformed')
      }
      return withR()
    })
  })
})
