/**
 * Account data read from algod (docs/product.md §3): balance, min balance, asset holdings, the
 * applications opted in to with local B, and the created assets' guids. Plain data so the store
 * can hold it without pulling algosdk into the first page load.
 */
import type algosdk from 'algosdk'
import { decodeBid, guidOfMetadataHash } from '@unica/contracts'
import { ChainError } from '../lib/errors.js'

export interface AccountData {
  readonly address: string
  /** microAlgos, without pending rewards. */
  readonly amount: bigint
  readonly minBalance: bigint
  /** asset id (decimal string) -> amount held, for every asset opted in to. */
  readonly assets: ReadonlyMap<string, bigint>
  /** application id (decimal string) -> local B (the bid mirror), for every app opted in to. */
  readonly apps: ReadonlyMap<string, bigint>
  readonly appsOptedIn: number
  /** Guids carried by the metadata hash of the assets this account created. */
  readonly createdGuids: ReadonlySet<string>
}

export async function readAccount(algod: algosdk.Algodv2, address: string): Promise<AccountData> {
  let info: algosdk.modelsv2.Account
  try {
    info = await algod.accountInformation(address).do()
  } catch (e) {
    throw new ChainError('get', e)
  }
  const assets = new Map<string, bigint>()
  for (const h of info.assets ?? []) assets.set(h.assetId.toString(), h.amount)
  const apps = new Map<string, bigint>()
  for (const s of info.appsLocalState ?? []) apps.set(s.id.toString(), decodeBid(s.keyValue))
  const createdGuids = new Set<string>()
  for (const a of info.createdAssets ?? []) {
    const guid = guidOfMetadataHash(a.params?.metadataHash)
    if (guid !== undefined) createdGuids.add(guid)
  }
  return {
    address,
    amount: info.amountWithoutPendingRewards,
    minBalance: info.minBalance,
    assets,
    apps,
    appsOptedIn: info.totalAppsOptedIn,
    createdGuids,
  }
}

/** Algos the account can spend without falling below its minimum balance. */
export function spendable(a: AccountData): bigint {
  const free = a.amount - a.minBalance
  return free > 0n ? free : 0n
}

export function holds(a: AccountData, assetId: bigint): boolean {
  return a.assets.has(assetId.toString())
}

export function assetAmount(a: AccountData, assetId: bigint): bigint {
  return a.assets.get(assetId.toString()) ?? 0n
}

export function optedInApp(a: AccountData, appId: bigint): boolean {
  return a.apps.has(appId.toString())
}
