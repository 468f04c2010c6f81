/** state.ts: balances, opt-in, local and global state. */
import { describe, expect, it } from 'vitest'
import { run, SENDER } from '../../../test/helpers.js'
import { applicationAddress, encodeAddress } from '../../encoding/address.js'
import {
  accepts,
  addr,
  APP,
  APP_ADDR,
  appLedger,
  lit,
  panics,
  runAt,
  utf8,
  versions,
} from '../../../test/app-kit.js'

const OTHER = addr(2)
const show = encodeAddress
/** Stash the "exists" flag of an _ex/_get op (v2 has no assert), and combine it at the end. */
const EXISTS = 'store 9'
const AND = 'load 9; &&'
/** The "absent" result: a zero value and a zero flag. */
const ABSENT = 'store 9; !; load 9; !; &&'

describe('balance and min_balance', () => {
  it('take an index into sender + Accounts before v4', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.setAccount(SENDER, { balance: 77n, minBalance: 100n })
      l.setAccount(OTHER, { balance: 5n })
      return { txn: { accounts: [OTHER] } }
    }
    accepts('int 0; balance; int 77; ==', 2, setup)
    accepts('int 1; balance; int 5; ==', 2, setup)
    accepts('int 0; min_balance; int 100; ==', 3, setup)
    panics(
      'int 2; balance',
      2,
      'invalid Account reference 2 exceeds length of tx.Accounts 1',
      setup,
    )
  })
  it('take an address from v4', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.setAccount(OTHER, { balance: 5n, minBalance: 9n })
      return { txn: { accounts: [OTHER] } }
    }
    accepts(`${lit(OTHER)}; balance; int 5; ==`, 4, setup)
    accepts(`${lit(OTHER)}; min_balance; int 9; ==`, 4, setup)
    accepts(`${lit(SENDER)}; balance; int 0; ==`, 4, setup)
    panics(`${lit(addr(3))}; balance`, 4, `unavailable Account ${show(addr(3))}`, setup)
    panics('byte 0x0102; balance', 4, 'not an address', setup)
  })
  it('see the app account always, and foreign apps accounts from v7', () => {
    accepts(`${lit(APP_ADDR)}; balance; int 10000000; ==`, 4)
    const foreign = () => ({ txn: { foreignApps: [999n] } })
    panics(`${lit(applicationAddress(999n))}; balance`, 4, 'unavailable Account', foreign, 6)
    accepts(`${lit(applicationAddress(999n))}; balance; !`, 7, foreign)
  })
  it('see accounts named by other transactions of the group from v9', () => {
    const group = () => ({ group: [{}, { type: 'pay' as const, receiver: OTHER }] })
    panics(`${lit(OTHER)}; balance`, 4, 'unavailable Account', group, 8)
    accepts(`${lit(OTHER)}; balance; !`, 9, group)
  })
  it('are app-mode only', () => {
    for (const v of versions(2)) {
      const r = run('int 0; balance', v, { mode: 'sig' })
      expect(r.error?.message).toContain('balance not allowed in current mode')
    }
  })
})

describe('app_opted_in', () => {
  it('reports opt-in of an account to an app', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.optIn(SENDER, APP)
      return undefined
    }
    accepts('int 0; int 0; app_opted_in', 2, setup)
    accepts(`int 0; int ${APP}; app_opted_in`, 2, setup)
    accepts(`int 1; int 0; app_opted_in; !`, 2, () => ({ txn: { accounts: [OTHER] } }))
  })
  it('takes an app id directly before v4, and only available apps after', () => {
    accepts('int 0; int 999; app_opted_in; !', 2, undefined, 3)
    panics('int 0; int 999; app_opted_in', 4, 'unavailable App 999')
    accepts('int 0; int 999; app_opted_in; !', 4, () => ({ txn: { foreignApps: [999n] } }))
  })
})

describe('local state', () => {
  const opted = (l: ReturnType<typeof appLedger>) => {
    l.optIn(SENDER, APP)
    l.setLocal(SENDER, APP, utf8('k'), 9n)
    return undefined
  }
  it('reads values, 0 when absent', () => {
    accepts('int 0; byte "k"; app_local_get; int 9; ==', 2, opted)
    accepts('int 0; byte "x"; app_local_get; !', 2, opted)
    accepts(`int 0; int 0; byte "k"; app_local_get_ex; ${EXISTS}; int 9; ==; ${AND}`, 2, opted)
    accepts(`int 0; int 0; byte "x"; app_local_get_ex; ${ABSENT}`, 2, opted)
    accepts(`${lit(SENDER)}; byte "k"; app_local_get; int 9; ==`, 4, opted)
  })
  it('requires the account to have opted in', () => {
    const msg = `cannot fetch key, ${show(SENDER)} has not opted in to app ${APP}`
    panics('int 0; byte "k"; app_local_get', 2, msg)
    panics('int 0; byte "k"; int 1; app_local_put; int 1', 2, msg)
    panics('int 0; byte "k"; app_local_del; int 1', 2, msg)
  })
  it('writes record deltas, as go-algorand EvalDelta does', () => {
    for (const v of versions(2)) {
      const { r, ledger } = runAt(
        'int 0; byte "a"; int 1; app_local_put; int 0; byte "k"; app_local_del; int 0; byte "x"; app_local_del; int 1',
        v,
        opted,
      )
      expect(r.error).toBeUndefined()
      const delta = r.localDeltas.get(Buffer.from(SENDER).toString('hex'))
      expect(delta?.get('61')).toEqual({ key: utf8('a'), value: 1n })
      expect(delta?.get('6b')).toEqual({ key: utf8('k'), value: undefined })
      // Deleting an absent key records nothing.
      expect(delta?.has('78')).toBe(false)
      expect(ledger.getLocal(SENDER, APP, utf8('a'))).toBe(1n)
      expect(ledger.getLocal(SENDER, APP, utf8('k'))).toBeUndefined()
    }
  })
  it('does not record a write of the value already there', () => {
    const { r } = runAt('int 0; byte "k"; int 9; app_local_put; int 1', 9, opted)
    expect(r.localDeltas.size).toBe(0)
  })
  it('reads other apps with _ex: by id or slot', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.optIn(SENDER, 999n)
      l.setLocal(SENDER, 999n, utf8('k'), 4n)
      return { txn: { foreignApps: [999n] } }
    }
    accepts(`int 0; int 999; byte "k"; app_local_get_ex; ${EXISTS}; int 4; ==; ${AND}`, 2, setup)
    accepts(`int 0; int 1; byte "k"; app_local_get_ex; ${EXISTS}; int 4; ==; ${AND}`, 4, setup)
    panics('int 0; int 998; byte "k"; app_local_get_ex', 4, 'unavailable App 998', setup)
  })
  it('can change only txn.Accounts before v9, and the shared locals from v9', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.optIn(APP_ADDR, APP)
      return undefined
    }
    const src = `${lit(APP_ADDR)}; byte "k"; int 1; app_local_put; int 1`
    panics(src, 4, `invalid Account reference for mutation ${show(APP_ADDR)}`, setup, 8)
    accepts(src, 9, setup)
    panics(`${lit(APP_ADDR)}; byte "k"; app_local_del; int 1`, 4, 'for mutation', setup, 8)
  })
  it('needs the local state itself to be available from v9', () => {
    // A payment names OTHER: the account is available, its local state of this app is not.
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.optIn(OTHER, APP)
      return { group: [{}, { type: 'pay' as const, receiver: OTHER }] }
    }
    const local = `unavailable Local State ${APP}+${show(OTHER)}`
    panics(`${lit(OTHER)}; byte "k"; int 1; app_local_put; int 1`, 9, local, setup)
    panics(`${lit(OTHER)}; byte "k"; app_local_get`, 9, local, setup)
    panics(`${lit(OTHER)}; int 999; byte "k"; app_local_get_ex`, 9, 'unavailable App 999', setup)
    // An app call of this app naming OTHER shares the local state.
    const call = (l: ReturnType<typeof appLedger>) => {
      l.optIn(OTHER, APP)
      return { group: [{}, { type: 'appl' as const, applicationId: APP, accounts: [OTHER] }] }
    }
    accepts(`${lit(OTHER)}; byte "k"; int 1; app_local_put; int 1`, 9, call)
    panics(
      `${lit(addr(3))}; byte "k"; app_local_get`,
      9,
      `unavailable Account ${show(addr(3))}, unavailable Local State ${APP}+${show(addr(3))}`,
    )
  })
})

describe('global state', () => {
  const preset = (l: ReturnType<typeof appLedger>) => {
    l.setGlobal(APP, utf8('k'), utf8('v'))
    return undefined
  }
  it('reads values, 0 when absent', () => {
    accepts('byte "k"; app_global_get; byte "v"; ==', 2, preset)
    accepts('byte "x"; app_global_get; !', 2, preset)
    accepts(`int 0; byte "k"; app_global_get_ex; ${EXISTS}; byte "v"; ==; ${AND}`, 2, preset)
    accepts(`int 0; byte "x"; app_global_get_ex; ${ABSENT}`, 2, preset)
  })
  it('reads foreign apps by slot before v4, by id or slot after', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.createApp(999n)
      l.setGlobal(999n, utf8('k'), 3n)
      return { txn: { foreignApps: [999n] } }
    }
    accepts(`int 1; byte "k"; app_global_get_ex; ${EXISTS}; int 3; ==; ${AND}`, 2, setup)
    panics(
      'int 999; byte "k"; app_global_get_ex',
      2,
      '999 is not a valid foreign app slot',
      setup,
      3,
    )
    accepts('int 999; byte "k"; app_global_get_ex; assert; int 3; ==', 4, setup)
    panics('int 2; byte "k"; app_global_get_ex', 4, 'unavailable App 2', setup)
  })
  it('fails for an app that does not exist', () => {
    panics('int 1; byte "k"; app_global_get_ex', 2, 'app 999 does not exist', () => ({
      txn: { foreignApps: [999n] },
    }))
  })
  it('refuses ids of 255 and below', () => {
    const low = () => ({ txn: { foreignApps: [200n] } })
    panics('int 1; byte "k"; app_global_get_ex', 2, 'low App lookup 200', low)
    panics('int 200; byte "k"; app_global_get_ex', 4, 'low App lookup 200', low)
  })
  it('writes and deletes with deltas', () => {
    for (const v of versions(2)) {
      const { r, ledger } = runAt(
        'byte "a"; int 5; app_global_put; byte "k"; app_global_del; byte "z"; app_global_del; byte "a"; app_global_get; int 5; ==',
        v,
        preset,
      )
      expect(r.error).toBeUndefined()
      expect(r.pass).toBe(true)
      expect([...r.globalDelta.entries()]).toEqual([
        ['61', { key: utf8('a'), value: 5n }],
        ['6b', { key: utf8('k'), value: undefined }],
      ])
      expect(ledger.getGlobal(APP, utf8('k'))).toBeUndefined()
    }
    const same = runAt('byte "k"; byte "v"; app_global_put; int 1', 5, preset).r
    expect(same.globalDelta.size).toBe(0)
  })
  it('enforces key and value lengths', () => {
    // Built with concat, so that the assembler cannot see the length.
    const key = (n: number) => `byte 0x${'61'.repeat(n - 1)}; byte 0x61; concat`
    accepts(`${key(64)}; int 1; app_global_put; int 1`, 2)
    panics(
      `${key(65)}; int 1; app_global_put; int 1`,
      2,
      'key too long: length was 65, maximum is 64',
    )
    panics(
      `int 0; ${key(65)}; int 1; app_local_put; int 1`,
      2,
      'key too long: length was 65, maximum is 64',
    )
    accepts(`byte ""; int 128; bzero; app_global_put; int 1`, 4)
    accepts(`${key(64)}; int 64; bzero; app_global_put; int 1`, 4)
    panics(
      `byte "k"; int 129; bzero; app_global_put; int 1`,
      4,
      'value too long for key 0x6b: length was 129',
    )
    panics(
      `${key(10)}; int 119; bzero; app_global_put; int 1`,
      4,
      `key/value total too long for key 0x${'61'.repeat(10)}: sum was 129`,
    )
  })
})
