/** The manager application's state, read from algod (docs/product.md §3, contract global state). */
import algosdk from 'algosdk'
import { decodeManagerGlobal, type ManagerState } from '@unica/contracts'
import { ChainError } from '../lib/errors.js'

export async function readMarket(algod: algosdk.Algodv2, appId: bigint): Promise<ManagerState> {
  try {
    const app = await algod.getApplicationByID(appId).do()
    return decodeManagerGlobal(app.params?.globalState ?? [])
  } catch (e) {
    throw new ChainError('get', e)
  }
}

/** The bid of record (the box), 0 when there is none. */
export async function readBid(
  algod: algosdk.Algodv2,
  appId: bigint,
  bidder: string,
): Promise<bigint> {
  try {
    const box = await algod
      .getApplicationBoxByName(appId, algosdk.decodeAddress(bidder).publicKey)
      .do()
    return algosdk.decodeUint64(box.value, 'bigint')
  } catch (e) {
    if ((e as { response?: { status?: number } }).response?.status === 404) return 0n
    throw new ChainError('get', e)
  }
}

/** Apps this account created (the proxy's list grows by one when the deploy lands). */
export async function createdApps(algod: algosdk.Algodv2, address: string): Promise<bigint[]> {
  try {
    const info = await algod.accountInformation(address).do()
    return (info.createdApps ?? []).map((a) => a.id)
  } catch (e) {
    throw new ChainError('get', e)
  }
}
