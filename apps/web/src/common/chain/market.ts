/** The manager application's state, read from algod (docs/product.md §3, contract global state). */
import algosdk from 'algosdk'
import {
  decodeBid,
  decodeManagerGlobal,
  heldBoxKey,
  readBidBox,
  readHeldBox,
  type ManagerState,
} from '@unica/contracts'
import { canReceiveAsset as algodCanReceive } from '@unica/contracts/flows'
import { ChainError } from '../lib/errors.js'

export async function readMarket(algod: algosdk.Algodv2, appId: bigint): Promise<ManagerState> {
  try {
    const app = await algod.getApplicationByID(appId).do()
    return decodeManagerGlobal(app.params?.globalState ?? [])
  } catch (e) {
    throw new ChainError('get', e)
  }
}

/**
 * A box's value, null when the application has no such box. Asked through the box list filtered
 * by the name (its values included), not GET …/box: an absent box there is a 404, which the
 * browser logs as a failed request on every page that asks about one expected to be missing.
 * go-algorand answers the filtered list from its committed database, a few rounds behind the
 * latest (MaxAcctLookback), so callers that need the latest value must not rely on it alone; an
 * algod that ignores `values` (older than the box paging API) lists the name without its value,
 * and the value is then read by name.
 */
async function readBoxValue(
  algod: algosdk.Algodv2,
  appId: bigint,
  name: Uint8Array,
): Promise<Uint8Array | null> {
  const answer = await algod.getApplicationBoxes(appId).prefix(name).include('values').do()
  // A prefix also matches longer names; only the exact one counts.
  const box = answer.boxes.find((b) => sameBytes(b.name, name))
  if (box === undefined) return null
  return box.value ?? (await algod.getApplicationBoxByName(appId, name).do()).value
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/**
 * The bid of record, 0 when there is none, as of the latest round: the bidder's local B while it is
 * opted in (the contract keeps it equal to the box at every call), else the box. Bidding needs the
 * opt-in, so an account that is not opted in holds a box only from before a ClearState, and the
 * box list's lag of a few rounds cannot hide a fresh bid from a trade that agrees to its amount.
 */
export async function readBid(
  algod: algosdk.Algodv2,
  appId: bigint,
  bidder: string,
): Promise<bigint> {
  try {
    const info = await algod.accountInformation(bidder).do()
    const local = (info.appsLocalState ?? []).find((s) => s.id === appId)
    if (local !== undefined) return decodeBid(local.keyValue)
    const name = algosdk.decodeAddress(bidder).publicKey
    const value = await readBoxValue(algod, appId, name)
    return value === null ? 0n : (readBidBox(name, value)?.bid ?? 0n)
  } catch (e) {
    throw new ChainError('get', e)
  }
}

/**
 * USDC a manager v3 holds for `account` (an auction refund or proceeds it could not receive), in
 * its held refund box (@unica/contracts `heldBoxKey`, `readHeldBox`); null when there is none.
 */
export async function readHeld(
  algod: algosdk.Algodv2,
  appId: bigint,
  account: string,
): Promise<bigint | null> {
  try {
    const name = heldBoxKey(account)
    const value = await readBoxValue(algod, appId, name)
    return value === null ? null : (readHeldBox(name, value)?.amount ?? null)
  } catch (e) {
    throw new ChainError('get', e)
  }
}

/**
 * Whether an inner transfer of the asset to `address` would go through (@unica/contracts/flows),
 * its failures as ChainError.
 */
export function canReceiveAsset(
  algod: algosdk.Algodv2,
  address: string,
  assetId: bigint,
): Promise<boolean> {
  return algodCanReceive(algod, address, assetId).catch((e: unknown) => {
    throw new ChainError('get', e)
  })
}

/** Whether the account exists on chain (holds Algos), so a payment of a deposit back can reach it. */
export async function accountExists(algod: algosdk.Algodv2, address: string): Promise<boolean> {
  try {
    const info = await algod.accountInformation(address).exclude('all').do()
    return info.amount > 0n
  } catch (e) {
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

/** Whether `address` holds (is opted in to) the asset: audit fix 3's opt-in reads. */
export async function optedInToAsset(
  algod: algosdk.Algodv2,
  address: string,
  assetId: bigint,
): Promise<boolean> {
  try {
    await algod.accountAssetInformation(address, assetId).do()
    return true
  } catch (e) {
    if ((e as { response?: { status?: number } }).response?.status === 404) return false
    throw new ChainError('get', e)
  }
}

/** Bid boxes read per request, and the most pages read when looking past an unfillable bid. */
const BOX_PAGE = 1000
const MAX_BOX_PAGES = 10

/**
 * Every open bid of the manager (docs/architecture.md §5.5: one box per bidder, read by
 * @unica/contracts `readBidBox`), highest first. Boxes are read by pages with their values, so a
 * manager with many bids costs a few requests, not one per bidder.
 */
export async function readBids(
  algod: algosdk.Algodv2,
  appId: bigint,
): Promise<{ readonly bidder: string; readonly bid: bigint }[]> {
  try {
    const bids: { bidder: string; bid: bigint }[] = []
    let next: string | undefined
    for (let page = 0; page < MAX_BOX_PAGES; page++) {
      const answer = await algod
        .getApplicationBoxes(appId)
        .limit(BOX_PAGE)
        .include('values')
        .next(next)
        .do()
      for (const box of answer.boxes) {
        // Held refund boxes (v3) are not bids.
        const read = box.value === undefined ? null : readBidBox(box.name, box.value)
        if (read !== null && read.bid > 0n) bids.push(read)
      }
      next = answer.nextToken
      if (next === undefined) break
    }
    return bids.sort((a, b) => (b.bid > a.bid ? 1 : b.bid < a.bid ? -1 : 0))
  } catch (e) {
    throw new ChainError('get', e)
  }
}
