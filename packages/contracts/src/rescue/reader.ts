/**
 * What the rescue needs of the chain, as an interface (docs/architecture.md §3: the package's root
 * does no network access): three algod reads, and the indexer's transaction search where algod
 * cannot answer (which apps an account has called). `algosdkReader` (../flows) implements it over
 * algosdk's clients; tests and other callers may bring their own.
 */
import type algosdk from 'algosdk'

type KeyValue = algosdk.modelsv2.TealKeyValue

export interface LocalStateRead {
  readonly appId: bigint
  readonly keyValue: readonly KeyValue[]
}

export interface AppRead {
  readonly approvalProgram: Uint8Array
  readonly globalState: readonly KeyValue[]
}

export interface AccountRead {
  /** The apps the account is opted in to, with their local state. */
  readonly apps: readonly LocalStateRead[]
  /** The assets the account is opted in to. */
  readonly assets: readonly bigint[]
}

export interface RescueReader {
  /** algod GET /v2/accounts/{address}. */
  account(address: string): Promise<AccountRead>
  /** algod GET /v2/applications/{id}; null when algod has no such app (never created, deleted). */
  application(appId: bigint): Promise<AppRead | null>
  /** algod GET /v2/applications/{id}/box; null when the app has no box of that name. */
  box(appId: bigint, name: Uint8Array): Promise<Uint8Array | null>
  /**
   * The indexer's search for the account's app calls (as sender or named account, inner calls
   * included): the app ids. Absent when no indexer is configured.
   */
  appCallsOf?(address: string): Promise<readonly bigint[]>
}
