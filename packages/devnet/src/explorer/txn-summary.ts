/** One line per transaction for the lists (recent transactions, blocks, the home page). */
import type { indexerModels as im } from 'algosdk'
import type { AssetLabels } from './context.js'
import { addressLink, appLink, assetLink, blockLink, formatAlgos, txLink } from './format.js'
import { type Html, type Interpolation, markup } from './html.js'

const TYPE_NAMES: Readonly<Record<string, string>> = {
  pay: 'Payment',
  keyreg: 'Key registration',
  acfg: 'Asset config',
  axfer: 'Asset transfer',
  afrz: 'Asset freeze',
  appl: 'Application call',
  stpf: 'State proof',
  hb: 'Heartbeat',
}

export function typeName(txn: { readonly txType?: string }): string {
  const type = txn.txType ?? ''
  return TYPE_NAMES[type] ?? type
}

/** An opt-in is a zero transfer of an asset from an account to itself (not a clawback). */
export function isOptIn(txn: im.Transaction): boolean {
  const axfer = txn.assetTransferTransaction
  return (
    axfer !== undefined &&
    axfer.amount === 0n &&
    axfer.receiver === txn.sender &&
    axfer.sender === undefined
  )
}

/** Receiver (or target), and what moved or what was done. */
function counterpartyAndWhat(
  txn: im.Transaction,
  assets: AssetLabels,
): [Interpolation, Interpolation] {
  const pay = txn.paymentTransaction
  if (pay !== undefined) {
    const amount = markup`<span class="amount">${formatAlgos(pay.amount)}</span>`
    return [addressLink(pay.receiver, true), amount]
  }
  const axfer = txn.assetTransferTransaction
  if (axfer !== undefined) {
    const amount = isOptIn(txn) ? 'opt-in' : assets.amount(axfer.assetId, axfer.amount)
    const what = markup`<span class="amount">${amount}</span> ${assetLink(axfer.assetId)}`
    return [addressLink(axfer.receiver, true), what]
  }
  const acfg = txn.assetConfigTransaction
  if (acfg !== undefined) {
    const created = txn.createdAssetIndex
    const what =
      created !== undefined ? 'create' : acfg.params === undefined ? 'destroy' : 'reconfigure'
    return ['', markup`${what} ${assetLink(created ?? acfg.assetId)}`]
  }
  const afrz = txn.assetFreezeTransaction
  if (afrz !== undefined) {
    const what = afrz.newFreezeStatus ? 'freeze' : 'unfreeze'
    return [addressLink(afrz.address, true), markup`${what} ${assetLink(afrz.assetId)}`]
  }
  const appl = txn.applicationTransaction
  if (appl !== undefined) {
    const created = txn.createdApplicationIndex
    const action = created !== undefined ? 'create' : (appl.onCompletion ?? 'noop')
    return ['', markup`${action} ${appLink(created ?? appl.applicationId)}`]
  }
  return ['', '']
}

export const SUMMARY_HEADINGS = ['Transaction', 'Round', 'Type', 'From', 'To', 'What'] as const

/** Cells for a list row of a top-level transaction. */
export function summaryCells(txn: im.Transaction, assets: AssetLabels): Interpolation[] {
  const link: Html =
    txn.id === undefined ? markup`<span class="muted">inner</span>` : txLink(txn.id, true)
  const [to, what] = counterpartyAndWhat(txn, assets)
  const from = addressLink(txn.sender, true)
  return [link, blockLink(txn.confirmedRound), typeName(txn), from, to, what]
}
