/**
 * go-algorand ledger/apply/asset.go: `AssetConfig` (create, reconfigure, destroy),
 * `AssetTransfer` (opt-in, transfer, close-to, clawback) and `AssetFreeze`, with go's messages.
 */
import { encodeAddress, type Txn } from '@unica/avm'
import { fail } from '../errors.js'
import { addrKey, bytesEqual, isZero, keyString } from '../keys.js'
import type { AssetRecord, Holding } from '../state.js'
import type { Balances } from './balances.js'
import type { ApplyResult } from './result.js'

const MAX_UINT64 = (1n << 64n) - 1n

function getParams(b: Balances, id: bigint): AssetRecord {
  return b.ov.asset(id) ?? fail(`asset ${id} does not exist or has been deleted`)
}

/** go checks `cc.AssetParams == (basics.AssetParams{})`: a destroy carries no params at all. */
function noParams(t: Txn): boolean {
  return (
    t.configAssetTotal === 0n &&
    t.configAssetDecimals === 0n &&
    !t.configAssetDefaultFrozen &&
    t.configAssetUnitName.length === 0 &&
    t.configAssetName.length === 0 &&
    t.configAssetUrl.length === 0 &&
    isZero(t.configAssetMetadataHash) &&
    isZero(t.configAssetManager) &&
    isZero(t.configAssetReserve) &&
    isZero(t.configAssetFreeze) &&
    isZero(t.configAssetClawback)
  )
}

function create(b: Balances, t: Txn, ad: ApplyResult, ctr: bigint): void {
  const sender = addrKey(t.sender)
  const id = b.newCreatableId('asset', ctr)
  const record = b.get(sender)
  b.put(sender, {
    ...record,
    totalAssets: record.totalAssets + 1,
    totalAssetParams: record.totalAssetParams + 1,
  })
  b.ov.putAsset(id, {
    creator: t.sender,
    total: t.configAssetTotal,
    decimals: Number(t.configAssetDecimals),
    defaultFrozen: t.configAssetDefaultFrozen,
    unitName: t.configAssetUnitName,
    name: t.configAssetName,
    url: t.configAssetUrl,
    metadataHash: isZero(t.configAssetMetadataHash) ? new Uint8Array(0) : t.configAssetMetadataHash,
    manager: t.configAssetManager,
    reserve: t.configAssetReserve,
    freeze: t.configAssetFreeze,
    clawback: t.configAssetClawback,
  })
  // The creator holds the whole supply, never frozen (whatever DefaultFrozen says).
  b.ov.putHolding(sender, id, { amount: t.configAssetTotal, frozen: false })
  ad.configAsset = id
}

export function assetConfig(b: Balances, t: Txn, ad: ApplyResult, ctr: bigint): void {
  if (t.configAsset === 0n) {
    create(b, t, ad, ctr)
    return
  }
  const id = t.configAsset
  const params = getParams(b, id)
  if (isZero(params.manager) || !bytesEqual(t.sender, params.manager)) {
    fail(
      `this transaction should be issued by the manager. It is issued by ${encodeAddress(t.sender)}, manager key ${encodeAddress(params.manager)}`,
    )
  }
  if (!noParams(t)) {
    // Reconfigure: an address may change, but one cleared stays cleared.
    b.ov.putAsset(id, {
      ...params,
      manager: isZero(params.manager) ? params.manager : t.configAssetManager,
      reserve: isZero(params.reserve) ? params.reserve : t.configAssetReserve,
      freeze: isZero(params.freeze) ? params.freeze : t.configAssetFreeze,
      clawback: isZero(params.clawback) ? params.clawback : t.configAssetClawback,
    })
    return
  }
  // Destroy: only with every unit back in the creator's holding.
  const creator = addrKey(params.creator)
  const record = b.get(creator)
  if (record.totalAssets === 0) {
    fail(`cannot destroy asset: account ${keyString(creator)} holds no assets`)
  }
  if (record.totalAssetParams === 0) {
    fail(`cannot destroy asset: account ${keyString(creator)} created no assets`)
  }
  const held = b.ov.holding(creator, id)?.amount ?? 0n
  if (held !== params.total) {
    fail(`cannot destroy asset: creator is holding only ${held}/${params.total}`)
  }
  b.put(creator, {
    ...record,
    totalAssetParams: record.totalAssetParams - 1,
    totalAssets: record.totalAssets - 1,
  })
  b.ov.putHolding(creator, id, null)
  b.ov.putAsset(id, null)
}

function takeOut(
  b: Balances,
  key: string,
  id: bigint,
  amount: bigint,
  bypassFreeze: boolean,
): void {
  if (amount === 0n) return
  const h = b.ov.holding(key, id) ?? fail(`asset ${id} missing from ${keyString(key)}`)
  if (h.frozen && !bypassFreeze) fail(`asset ${id} frozen in ${keyString(key)}`)
  if (h.amount < amount) {
    fail(`underflow on subtracting ${amount} from sender amount ${h.amount}`)
  }
  b.ov.putHolding(key, id, { ...h, amount: h.amount - amount })
}

function putIn(b: Balances, key: string, id: bigint, amount: bigint, bypassFreeze: boolean): void {
  if (amount === 0n) return
  const h =
    b.ov.holding(key, id) ??
    fail(`receiver error: must optin, asset ${id} missing from ${keyString(key)}`)
  if (h.frozen && !bypassFreeze) fail('asset frozen in recipient')
  if (h.amount + amount > MAX_UINT64) {
    fail(`overflow on adding ${amount} to receiver amount ${h.amount}`)
  }
  b.ov.putHolding(key, id, { ...h, amount: h.amount + amount })
}

function optIn(b: Balances, key: string, id: bigint): void {
  if (b.ov.holding(key, id) !== undefined) return
  const params = getParams(b, id)
  const record = b.get(key)
  b.put(key, { ...record, totalAssets: record.totalAssets + 1 })
  const holding: Holding = { amount: 0n, frozen: params.defaultFrozen }
  b.ov.putHolding(key, id, holding)
}

function closeOut(b: Balances, source: string, t: Txn, ad: ApplyResult): void {
  const id = t.xferAsset
  const record = b.get(source)
  if (record.totalAssets === 0) {
    fail(
      `cannot close asset holding on account ${keyString(source)} : account is not opted in asset ${id} `,
    )
  }
  const params = b.ov.asset(id)
  if (params !== undefined && addrKey(params.creator) === source) {
    fail('cannot close asset ID in allocating account')
  }
  const held =
    b.ov.holding(source, id) ?? fail(`asset ${id} not present in account ${keyString(source)}`)
  const closeTo = addrKey(t.assetCloseTo)
  // Closing out to the creator is allowed even when frozen.
  const bypassFreeze = params !== undefined && addrKey(params.creator) === closeTo
  ad.assetClosingAmount = held.amount
  takeOut(b, source, id, held.amount, bypassFreeze)
  putIn(b, closeTo, id, held.amount, bypassFreeze)
  const after = b.ov.holding(source, id)?.amount ?? 0n
  if (after !== 0n) fail(`asset ${id} not zero (${after}) after closing`)
  const latest = b.get(source)
  b.put(source, { ...latest, totalAssets: latest.totalAssets - 1 })
  b.ov.putHolding(source, id, null)
}

export function assetTransfer(b: Balances, t: Txn, ad: ApplyResult): void {
  let source = addrKey(t.sender)
  let clawback = false
  if (!isZero(t.assetSender)) {
    const params = getParams(b, t.xferAsset)
    if (isZero(params.clawback) || !bytesEqual(t.sender, params.clawback)) {
      fail(
        `clawback not allowed: sender ${encodeAddress(t.sender)}, clawback ${encodeAddress(params.clawback)}`,
      )
    }
    source = addrKey(t.assetSender)
    clawback = true
  }
  const receiver = addrKey(t.assetReceiver)
  // A zero-amount transfer to oneself opts in.
  if (t.assetAmount === 0n && receiver === source && !clawback) optIn(b, source, t.xferAsset)
  takeOut(b, source, t.xferAsset, t.assetAmount, clawback)
  putIn(b, receiver, t.xferAsset, t.assetAmount, clawback)
  if (!isZero(t.assetCloseTo)) {
    if (clawback) fail('cannot close asset by clawback')
    closeOut(b, source, t, ad)
  }
}

export function assetFreeze(b: Balances, t: Txn): void {
  const params = getParams(b, t.freezeAsset)
  if (isZero(params.freeze) || !bytesEqual(t.sender, params.freeze)) {
    fail(
      `freeze not allowed: sender ${encodeAddress(t.sender)}, freeze ${encodeAddress(params.freeze)}`,
    )
  }
  const target = addrKey(t.freezeAssetAccount)
  const h = b.ov.holding(target, t.freezeAsset) ?? fail('asset not found in account')
  b.ov.putHolding(target, t.freezeAsset, { ...h, frozen: t.freezeAssetFrozen })
}
