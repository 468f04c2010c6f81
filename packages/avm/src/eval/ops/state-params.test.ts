/** state.ts: asset, app, account and voter lookups, and log. */
import { describe, expect, it } from 'vitest'
import { runBytes, SENDER, testPanics } from '../../../test/helpers.js'
import { encodeAddress } from '../../encoding/address.js'
import { applicationAddress } from '../../encoding/address.js'
import { accepts, addr, appLedger, lit, panics, runAt, utf8 } from '../../../test/app-kit.js'

const OTHER = addr(2)
const show = encodeAddress
/** Stash the "exists" flag of an _ex/_get op (v2 has no assert), and combine it at the end. */
const EXISTS = 'store 9'
const AND = 'load 9; &&'
/** The "absent" result: a zero value and a zero flag. */
const ABSENT = 'store 9; !; load 9; !; &&'

describe('assets', () => {
  const holding = (l: ReturnType<typeof appLedger>) => {
    l.setHolding(SENDER, 400n, { amount: 12n, frozen: true })
    l.assets.set(400n, {
      total: 1000n,
      decimals: 2n,
      defaultFrozen: false,
      unitName: utf8('U'),
      name: utf8('Name'),
      url: utf8('https://u'),
      metadataHash: addr(9),
      manager: addr(4),
      reserve: addr(5),
      freeze: addr(6),
      clawback: addr(7),
      creator: addr(8),
    })
    return { txn: { foreignAssets: [400n] } }
  }
  it('asset_holding_get reads a holding, 0 0 when absent', () => {
    accepts(
      `int 0; int 400; asset_holding_get AssetBalance; ${EXISTS}; int 12; ==; ${AND}`,
      2,
      holding,
    )
    accepts('int 0; int 400; asset_holding_get AssetFrozen; &&', 2, holding)
    accepts(`int 0; int 400; asset_holding_get AssetBalance; ${ABSENT}`, 2, () => ({
      txn: { foreignAssets: [400n] },
    }))
    accepts('int 0; int 0; asset_holding_get AssetBalance; assert; int 12; ==', 4, holding)
    panics('int 0; int 401; asset_holding_get AssetBalance', 4, 'unavailable Asset 401', holding)
  })
  it('asset_params_get takes a 0-based slot before v4', () => {
    accepts(`int 0; asset_params_get AssetTotal; ${EXISTS}; int 1000; ==; ${AND}`, 2, holding)
    panics(
      'int 1; asset_params_get AssetTotal',
      2,
      '1 is not a valid foreign asset slot',
      holding,
      3,
    )
    accepts('int 400; asset_params_get AssetTotal; assert; int 1000; ==', 4, holding)
    accepts('int 0; asset_params_get AssetTotal; assert; int 1000; ==', 4, holding)
  })
  it('asset_params_get reads every field', () => {
    const fields: [string, string][] = [
      ['AssetDecimals', 'int 2'],
      ['AssetUnitName', 'byte "U"'],
      ['AssetName', 'byte "Name"'],
      ['AssetURL', 'byte "https://u"'],
      ['AssetMetadataHash', `byte 0x${'09'.repeat(32)}`],
      ['AssetManager', lit(addr(4))],
      ['AssetReserve', lit(addr(5))],
      ['AssetFreeze', lit(addr(6))],
      ['AssetClawback', lit(addr(7))],
    ]
    for (const [f, want] of fields) {
      accepts(`int 0; asset_params_get ${f}; ${EXISTS}; ${want}; ==; ${AND}`, 2, holding)
    }
    accepts(`int 0; asset_params_get AssetDefaultFrozen; ${EXISTS}; !; ${AND}`, 2, holding)
    accepts(`int 0; asset_params_get AssetCreator; assert; ${lit(addr(8))}; ==`, 5, holding)
    accepts(`int 0; asset_params_get AssetTotal; ${ABSENT}`, 2, () => ({
      txn: { foreignAssets: [401n] },
    }))
  })
  it('holdings from v9 need account and asset named together', () => {
    const setup = (tx: object) => (l: ReturnType<typeof appLedger>) => {
      l.setHolding(OTHER, 400n, { amount: 3n, frozen: false })
      return { group: [{}, tx] }
    }
    const pay = setup({ type: 'pay', receiver: OTHER })
    const both = setup({
      type: 'appl',
      applicationId: 777n,
      accounts: [OTHER],
      foreignAssets: [400n],
    })
    const apart = (l: ReturnType<typeof appLedger>) => {
      l.setHolding(OTHER, 400n, { amount: 3n, frozen: false })
      return {
        group: [
          {},
          { type: 'pay' as const, receiver: OTHER },
          { type: 'acfg' as const, configAsset: 400n },
        ],
      }
    }
    const src = `${lit(OTHER)}; int 400; asset_holding_get AssetBalance; assert; int 3; ==`
    accepts(src, 9, both)
    panics(
      src,
      9,
      `unavailable Account ${show(OTHER)}, unavailable Asset 400`,
      setup({ type: 'pay' }),
    )
    panics(src, 9, 'unavailable Asset 400', pay)
    panics(src, 9, `unavailable Holding 400+${show(OTHER)}`, apart)
    panics(src, 9, `unavailable Account ${show(OTHER)}`, setup({ type: 'acfg', configAsset: 400n }))
  })
  it('refuses ids of 255 and below', () => {
    panics('int 0; asset_params_get AssetTotal', 2, 'low Asset lookup 5', () => ({
      txn: { foreignAssets: [5n] },
    }))
  })
})

describe('app_params_get', () => {
  it('reads every field, 0 0 for a missing app', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.createApp(999n, {
        approvalProgram: utf8('AP'),
        clearStateProgram: utf8('CS'),
        globalNumUint: 1n,
        globalNumByteSlice: 2n,
        localNumUint: 3n,
        localNumByteSlice: 4n,
        extraProgramPages: 1n,
        creator: addr(8),
        version: 6n,
      })
      return { txn: { foreignApps: [999n, 1000n] } }
    }
    const fields: [string, string][] = [
      ['AppApprovalProgram', 'byte "AP"'],
      ['AppClearStateProgram', 'byte "CS"'],
      ['AppGlobalNumUint', 'int 1'],
      ['AppGlobalNumByteSlice', 'int 2'],
      ['AppLocalNumUint', 'int 3'],
      ['AppLocalNumByteSlice', 'int 4'],
      ['AppExtraProgramPages', 'int 1'],
      ['AppCreator', lit(addr(8))],
      ['AppAddress', lit(applicationAddress(999n))],
    ]
    for (const [f, want] of fields) {
      accepts(`int 999; app_params_get ${f}; assert; ${want}; ==`, 5, setup)
    }
    accepts('int 1; app_params_get AppVersion; assert; int 6; ==', 12, setup)
    accepts(`int 1000; app_params_get AppGlobalNumUint; ${ABSENT}`, 5, setup)
    panics('int 998; app_params_get AppCreator', 5, 'unavailable App 998', setup)
  })
  it('rejects a field newer than the program', () => {
    // AppVersion (field 9) arrived in v12; hand-assembled at v11.
    const prog = new Uint8Array([11, 0x81, 0, 0x72, 9, 0x48])
    const bad = runBytes(prog, { mode: 'app', ledger: appLedger() })
    expect(bad.error?.message).toBe('invalid app_params_get field 9')
  })
})

describe('acct_params_get', () => {
  const rich = (l: ReturnType<typeof appLedger>) => {
    l.setAccount(SENDER, {
      balance: 100n,
      minBalance: 10n,
      authAddr: addr(3),
      totalNumUint: 1n,
      totalNumByteSlice: 2n,
      totalExtraAppPages: 3n,
      totalAppsCreated: 4n,
      totalAppsOptedIn: 5n,
      totalAssetsCreated: 6n,
      totalAssets: 7n,
      totalBoxes: 8n,
      totalBoxBytes: 9n,
      incentiveEligible: true,
      lastProposed: 11n,
      lastHeartbeat: 12n,
    })
    return undefined
  }
  it('reads every field by version', () => {
    const cases: [string, string, number][] = [
      ['AcctBalance', 'int 100', 6],
      ['AcctMinBalance', 'int 10', 6],
      ['AcctAuthAddr', lit(addr(3)), 6],
      ['AcctTotalNumUint', 'int 1', 8],
      ['AcctTotalNumByteSlice', 'int 2', 8],
      ['AcctTotalExtraAppPages', 'int 3', 8],
      ['AcctTotalAppsCreated', 'int 4', 8],
      ['AcctTotalAppsOptedIn', 'int 5', 8],
      ['AcctTotalAssetsCreated', 'int 6', 8],
      ['AcctTotalAssets', 'int 7', 8],
      ['AcctTotalBoxes', 'int 8', 8],
      ['AcctTotalBoxBytes', 'int 9', 8],
      ['AcctIncentiveEligible', 'int 1', 11],
      ['AcctLastProposed', 'int 11', 11],
      ['AcctLastHeartbeat', 'int 12', 11],
    ]
    for (const [f, want, v] of cases) {
      accepts(`txn Sender; acct_params_get ${f}; assert; ${want}; ==`, v, rich)
    }
  })
  it('says whether the account has a balance', () => {
    accepts('txn Sender; acct_params_get AcctMinBalance; !; assert; !', 6)
    panics(`${lit(addr(3))}; acct_params_get AcctBalance`, 6, 'unavailable Account')
  })
})

describe('voter_params_get and online_stake', () => {
  it('read the voter data of an account', () => {
    const setup = (l: ReturnType<typeof appLedger>) => {
      l.setAccount(SENDER, { balance: 50n })
      return undefined
    }
    accepts('txn Sender; voter_params_get VoterBalance; assert; int 50; ==', 11, setup)
    accepts('txn Sender; voter_params_get VoterIncentiveEligible; assert; !', 11, setup)
    accepts('txn Sender; voter_params_get VoterBalance; !; assert; !', 11)
    accepts('online_stake; !', 11)
    testPanics('online_stake', 11, 'not allowed in current mode', { mode: 'sig' })
  })
})

describe('log', () => {
  it('appends to the logs, up to 32 calls and 1024 bytes', () => {
    const { r } = runAt('byte "a"; log; byte "bc"; log; int 1', 5)
    expect(r.logs).toEqual([utf8('a'), utf8('bc')])
    accepts(`${'byte "x"; log; '.repeat(32)}int 1`, 5)
    panics(
      `${'byte "x"; log; '.repeat(33)}int 1`,
      5,
      'too many log calls in program. up to 32 is allowed',
    )
    accepts('int 1024; bzero; log; int 1', 5)
    panics(
      'int 1000; bzero; log; int 25; bzero; log; int 1',
      5,
      'program logs too large. 1025 bytes >  1024 bytes limit',
    )
  })
})
