import { describe, expect, it } from 'vitest'
import { runBytes } from '../../test/helpers.js'
import { encodeAddress } from '../encoding/address.js'
import { accepts, addr, APP, APP_ADDR, appLedger, lit, panics, utf8 } from '../../test/app-kit.js'
import type { StackValue } from './value.js'

const R = addr(2)
const withR = () => ({ txn: { accounts: [R] } })

describe('itxn_field validation', () => {
  const field = (value: string, name: string) => `itxn_begin; ${value}; itxn_field ${name}; int 1`
  /** Sets `name` to `value` read from global state, whose type the assembler cannot see, so as
   * to reach the run-time checks. */
  const bad = (name: string, value: StackValue, from: number, message: string) => {
    panics(
      `itxn_begin; byte "o"; app_global_get; itxn_field ${name}; int 1`,
      from,
      message,
      (l) => {
        l.setGlobal(APP, utf8('o'), value)
        return undefined
      },
    )
  }
  it('only settable fields, by version', () => {
    // FirstValid (2) is never settable; Note (5) from v6. Hand-assembled: the assembler refuses.
    for (const [f, name, v] of [
      [2, 'FirstValid', 5],
      [5, 'Note', 5],
      [99, 'TxnField(99)', 6],
    ] as const) {
      const program = new Uint8Array([v, 0xb1, 0x81, 1, 0xb2, f, 0x81, 1])
      const r = runAtBytes(program)
      expect(r.error?.message).toBe(`invalid itxn_field ${name}`)
    }
  })
  it('types by name and by enum, by version', () => {
    accepts(field('byte "pay"', 'Type'), 5)
    panics(
      field('byte "keyreg"', 'Type'),
      5,
      'keyreg is not a valid Type for itxn_field',
      undefined,
      5,
    )
    accepts(field('byte "keyreg"', 'Type'), 6)
    panics(field('int 6', 'TypeEnum'), 5, 'appl is not a valid Type for itxn_field', undefined, 5)
    panics(field('byte "stpf"', 'Type'), 5, 'stpf is not a valid Type for itxn_field')
    panics(field('int 7', 'TypeEnum'), 5, 'stpf is not a valid Type for itxn_field')
    panics(field('int 0', 'TypeEnum'), 5, '0 is not a valid TypeEnum')
    panics(field('int 9', 'TypeEnum'), 5, '9 is not a valid TypeEnum')
    bad('Type', 1n, 5, 'Type arg not a byte array')
  })
  it('value kinds and ranges', () => {
    bad('Amount', utf8('x'), 5, '[]byte{0x78} is not a uint64')
    bad('Fee', new Uint8Array(0), 5, '[]byte{} is not a uint64')
    bad('FreezeAssetFrozen', 2n, 5, 'boolean is neither 1 nor 0: 2')
    panics(field('int 6', 'OnCompletion'), 6, '6 is larger than max=5')
    panics(field('int 20', 'ConfigAssetDecimals'), 5, '20 is larger than max=19')
    panics(field('int 65', 'GlobalNumUint'), 6, '65 is larger than max=64')
    panics(field('int 17', 'LocalNumByteSlice'), 6, '17 is larger than max=16')
    panics(field('int 4', 'ExtraProgramPages'), 6, '4 is larger than max=3')
    bad('ConfigAssetUnitName', utf8('123456789'), 5, 'value is too long')
    bad('ConfigAssetName', 1n, 5, 'not a byte array')
    bad('Note', new Uint8Array(1025), 6, 'Note may not exceed 1024 bytes')
    bad('VotePK', new Uint8Array([1]), 6, 'VotePK must be 32 bytes')
    bad('StateProofPK', new Uint8Array(32), 6, 'StateProofPK must be 64 bytes')
    bad('ConfigAssetManager', new Uint8Array([1]), 5, 'not an address')
    accepts(field(lit(addr(9)), 'ConfigAssetManager'), 5)
    accepts(field(lit(addr(9)), 'RekeyTo'), 6)
    panics(
      'itxn_begin; int 4096; bzero; dup; itxn_field ApprovalProgramPages; dup; itxn_field ApprovalProgramPages; byte 0x01; itxn_field ApprovalProgramPages; pop; int 1',
      7,
      'ApprovalProgramPages may not exceed 8192 bytes',
    )
  })
  it('accounts, assets and apps must be available', () => {
    panics(field(lit(R), 'Receiver'), 5, `unavailable Account ${encodeAddress(R)}`)
    accepts(field(lit(R), 'Receiver'), 5, withR)
    panics(field(lit(R), 'Sender'), 5, 'unavailable Account')
    panics(field('int 400', 'XferAsset'), 5, 'unavailable Asset 400 during assignment')
    panics(field('int 999', 'ApplicationID'), 6, 'unavailable App 999')
    panics(field('int 0', 'ApplicationID'), 6, 'unavailable App 0')
    panics(field('int 400', 'Assets'), 6, 'unavailable Asset 400')
  })
  it('array fields up to their limits', () => {
    const args = (n: number) =>
      `itxn_begin; ${'byte "a"; itxn_field ApplicationArgs; '.repeat(n)}int 1`
    accepts(args(16), 6)
    panics(args(17), 6, 'too many application args')
    panics(
      'itxn_begin; int 2000; bzero; itxn_field ApplicationArgs; int 49; bzero; itxn_field ApplicationArgs; int 1',
      6,
      'total application args length too long',
    )
    bad('ApplicationArgs', 1n, 6, 'ApplicationArg is not a byte array')
    const accts = (n: number) =>
      `itxn_begin; ${`${lit(APP_ADDR)}; itxn_field Accounts; `.repeat(n)}int 1`
    accepts(accts(8), 6)
    panics(accts(9), 6, 'too many foreign accounts')
    const assets = (n: number) => `itxn_begin; ${'int 400; itxn_field Assets; '.repeat(n)}int 1`
    const a400 = () => ({ txn: { foreignAssets: [400n] } })
    accepts(assets(8), 6, a400)
    panics(assets(9), 6, 'too many foreign assets', a400)
    const apps = (n: number) => `itxn_begin; ${'int 999; itxn_field Applications; '.repeat(n)}int 1`
    const a999 = () => ({ txn: { foreignApps: [999n] } })
    accepts(apps(8), 6, a999)
    panics(apps(9), 6, 'too many foreign apps', a999)
  })
})

function runAtBytes(program: Uint8Array) {
  return runBytes(program, { mode: 'app', ledger: appLedger() })
}
