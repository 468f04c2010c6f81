/**
 * Ledger errors carry go-algorand's texts (ledger/ledgercore/error.go and the apply package), so
 * that clients recognise them: "overspend", "balance ... below min", "transaction already in
 * ledger", "logic eval error". Everything thrown while applying a group ends up as its rejection.
 */
import { keyString } from './keys.js'
import { AccountStatus, type AccountData } from './state.js'

export class LedgerError extends Error {
  override readonly name = 'LedgerError'
}

export function fail(message: string): never {
  throw new LedgerError(message)
}

/** go's basics.MicroAlgos.String(): 0.0A, 5uA, 1mA, 1.500mA, 2A, 2.000001A. */
export function showAlgos(v: bigint): string {
  if (v === 0n) return '0.0A'
  if (v < 1000n) return `${v}uA`
  if (v < 1_000_000n) {
    const frac = v % 1000n
    return frac === 0n ? `${v / 1000n}mA` : `${v / 1000n}.${frac.toString().padStart(3, '0')}mA`
  }
  const frac = v % 1_000_000n
  const whole = v / 1_000_000n
  return frac === 0n ? `${whole}A` : `${whole}.${frac.toString().padStart(6, '0')}A`
}

/** go's basics.Micros.String() for a fee usage in millionths: "1.000000". */
export function showMicros(v: bigint): string {
  return `${v / 1_000_000n}.${(v % 1_000_000n).toString().padStart(6, '0')}`
}

const STATUS_NAMES = ['Offline', 'Online', 'Not Participating'] as const

const zeros = (n: number): string => `[${new Array<string>(n).fill('0').join(' ')}]`

/** fmt's %+v of a ledgercore.AccountData, as go prints it in overspend errors. */
export function showAccountData(a: AccountData): string {
  const auth = keyString(
    a.authAddr === undefined ? '00'.repeat(32) : Buffer.from(a.authAddr).toString('hex'),
  )
  const status = STATUS_NAMES[a.status] ?? STATUS_NAMES[AccountStatus.Offline]
  return (
    `{AccountBaseData:{Status:${status} MicroAlgos:${showAlgos(a.balance)} RewardsBase:0 ` +
    `RewardedMicroAlgos:0.0A AuthAddr:${auth} IncentiveEligible:${a.incentiveEligible} ` +
    `TotalAppSchema:{_struct:{} NumUint:${a.schemaUints} NumByteSlice:${a.schemaBytes}} ` +
    `TotalExtraAppPages:${a.extraPages} TotalAppParams:${a.totalAppParams} ` +
    `TotalAppLocalStates:${a.totalAppLocalStates} TotalAssetParams:${a.totalAssetParams} ` +
    `TotalAssets:${a.totalAssets} TotalBoxes:${a.totalBoxes} TotalBoxBytes:${a.totalBoxBytes} ` +
    `LastProposed:0 LastHeartbeat:0} VotingData:{VoteID:${zeros(32)} SelectionID:${zeros(32)} ` +
    `StateProofID:${zeros(64)} VoteFirstValid:0 VoteLastValid:0 VoteKeyDilution:0}}`
  )
}

/** ledgercore.OverspendError. */
export function overspend(key: string, data: AccountData, tried: bigint): never {
  fail(
    `overspend (account ${keyString(key)}, data ${showAccountData(data)}, tried to spend ${showAlgos(tried)})`,
  )
}

/** ledgercore.MinBalanceError. */
export function belowMin(key: string, balance: bigint, min: bigint, assets: number): never {
  fail(`account ${keyString(key)} balance ${balance} below min ${min} (${assets} assets)`)
}
