/**
 * The ledger's records and the committed state that holds them. Records are immutable values:
 * a change writes a new record (into an Overlay, see overlay.ts), so a view may hand out what it
 * holds without copying, and a rejected group leaves nothing behind.
 *
 * Accounts are keyed by the hex of their public key, state keys and box names by their latin1
 * string (keys.ts). An idle account is one small object in one Map.
 */
import type { AssetNamesAndRoles, ParticipationKeys, StateValue } from '@unica/avm'

/** go's basics.Status. */
export const AccountStatus = { Offline: 0, Online: 1, NotParticipating: 2 } as const
export type AccountStatus = (typeof AccountStatus)[keyof typeof AccountStatus]

/** An online account's keys: those its last keyreg registered. */
type Participation = ParticipationKeys

/** go's ledgercore.AccountData: the balance and the totals its minimum balance depends on. */
export interface AccountData {
  readonly balance: bigint
  /** Undefined when not rekeyed. */
  readonly authAddr: Uint8Array | undefined
  readonly status: AccountStatus
  readonly incentiveEligible: boolean
  readonly participation: Participation | undefined
  /** Holdings, the creator's own included (go's TotalAssets). */
  readonly totalAssets: number
  readonly totalAssetParams: number
  readonly totalAppParams: number
  readonly totalAppLocalStates: number
  /** Global schemas of created apps plus local schemas of opted-in apps (go's TotalAppSchema). */
  readonly schemaUints: number
  readonly schemaBytes: number
  readonly extraPages: number
  readonly totalBoxes: number
  readonly totalBoxBytes: number
}

export const EMPTY_ACCOUNT: AccountData = Object.freeze({
  balance: 0n,
  authAddr: undefined,
  status: AccountStatus.Offline,
  incentiveEligible: false,
  participation: undefined,
  totalAssets: 0,
  totalAssetParams: 0,
  totalAppParams: 0,
  totalAppLocalStates: 0,
  schemaUints: 0,
  schemaBytes: 0,
  extraPages: 0,
  totalBoxes: 0,
  totalBoxBytes: 0,
})

/** go's AccountData.IsZero: such an account is deleted (closed), and exempt from min balance. */
export function isEmptyAccount(a: AccountData): boolean {
  return (
    a.balance === 0n &&
    a.authAddr === undefined &&
    a.status === AccountStatus.Offline &&
    !a.incentiveEligible &&
    a.participation === undefined &&
    a.totalAssets === 0 &&
    a.totalAssetParams === 0 &&
    a.totalAppParams === 0 &&
    a.totalAppLocalStates === 0 &&
    a.schemaUints === 0 &&
    a.schemaBytes === 0 &&
    a.extraPages === 0 &&
    a.totalBoxes === 0 &&
    a.totalBoxBytes === 0
  )
}

export interface Holding {
  readonly amount: bigint
  readonly frozen: boolean
}

export interface Schema {
  readonly uints: number
  readonly bytes: number
}

/** A key-value store with the counts of each kind it holds (checked against its schema). */
export interface KeyValues {
  readonly kv: ReadonlyMap<string, StateValue>
  readonly uints: number
  readonly bytes: number
}

export interface LocalState extends KeyValues {
  readonly schema: Schema
}

export interface AssetRecord extends AssetNamesAndRoles {
  readonly creator: Uint8Array
  readonly total: bigint
  readonly decimals: number
  readonly defaultFrozen: boolean
}

export interface AppRecord extends KeyValues {
  readonly creator: Uint8Array
  readonly approval: Uint8Array
  readonly clear: Uint8Array
  readonly globalSchema: Schema
  readonly localSchema: Schema
  readonly extraPages: number
  readonly version: bigint
}

/** What a ledger view can be asked, committed or not. */
export interface StateReader {
  account(key: string): AccountData | undefined
  holding(key: string, asset: bigint): Holding | undefined
  local(key: string, app: bigint): LocalState | undefined
  asset(id: bigint): AssetRecord | undefined
  app(id: bigint): AppRecord | undefined
  box(app: bigint, name: string): Uint8Array | undefined
  /** Transactions counted so far (go's TxnCounter), inner ones included. */
  txnCounter(): bigint
  /** Whether a transaction with this id is still remembered (not past its last valid round). */
  hasTxid(txid: string): boolean
  /** The last valid round of the transaction holding this (sender, lease), if any. */
  leaseUntil(key: string): bigint | undefined
}

export const leaseKey = (sender: string, lease: Uint8Array): string =>
  `${sender}:${Buffer.from(lease).toString('hex')}`
