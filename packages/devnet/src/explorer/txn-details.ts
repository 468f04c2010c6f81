/**
 * A transaction's full detail as the indexer's model has it: common fields, the fields of its
 * type, state deltas, logs, and its inner transactions nested (recursively) with anchors.
 */
import type { indexerModels as im } from 'algosdk'
import type { AssetLabels } from './context.js'
import {
  addressLink,
  algos,
  appLink,
  assetLink,
  base64,
  bytesView,
  fromBase64,
  noteView,
  textField,
} from './format.js'
import { type Html, type Interpolation, fields, listTable, markup } from './html.js'
import { isOptIn, typeName } from './txn-summary.js'

export type Row = readonly [string, Interpolation] | undefined

const DELTA_ACTIONS: Readonly<Record<number, string>> = {
  1: 'set bytes',
  2: 'set uint',
  3: 'delete',
}

const NONE = markup`<span class="muted">none</span>`

function list(items: readonly Interpolation[] | undefined): Html | undefined {
  if (items === undefined || items.length === 0) return undefined
  return markup`<ol>${items.map((i) => markup`<li>${i}</li>`)}</ol>`
}

function paymentRows(txn: im.Transaction): Row[] {
  const pay = txn.paymentTransaction
  if (pay === undefined) return []
  const closing = pay.closeRemainderTo !== undefined
  return [
    ['Receiver', addressLink(pay.receiver)],
    ['Amount', algos(pay.amount)],
    closing ? ['Close remainder to', addressLink(pay.closeRemainderTo)] : undefined,
    closing ? ['Close amount', algos(pay.closeAmount)] : undefined,
  ]
}

function assetLabel(id: bigint, assets: AssetLabels): string {
  const facts = assets.get(id)
  const name = facts === undefined || facts.name === '' ? '' : ` (${facts.name})`
  return `Asset ${id.toString()}${name}`
}

function assetTransferRows(txn: im.Transaction, assets: AssetLabels): Row[] {
  const axfer = txn.assetTransferTransaction
  if (axfer === undefined) return []
  const amount = (units: bigint | undefined): Html =>
    markup`<span class="amount">${assets.amount(axfer.assetId, units ?? 0n)}</span>`
  const clawback = axfer.sender
  const closing = axfer.closeTo !== undefined
  return [
    ['Asset', assetLink(axfer.assetId, assetLabel(axfer.assetId, assets))],
    isOptIn(txn) ? ['Kind', 'Opt-in (a zero transfer to itself)'] : undefined,
    clawback === undefined
      ? undefined
      : ['Clawback from', markup`${addressLink(clawback)} <span class="warn">clawback</span>`],
    ['Receiver', addressLink(axfer.receiver)],
    ['Amount', amount(axfer.amount)],
    closing ? ['Close to', addressLink(axfer.closeTo)] : undefined,
    closing ? ['Close amount', amount(axfer.closeAmount)] : undefined,
  ]
}

function assetConfigRows(txn: im.Transaction): Row[] {
  const acfg = txn.assetConfigTransaction
  if (acfg === undefined) return []
  const p = acfg.params
  const created = txn.createdAssetIndex
  const kind = created !== undefined ? 'Create' : p === undefined ? 'Destroy' : 'Reconfigure'
  // Name, unit, total and decimals are fixed at creation; only the roles can be reconfigured.
  const creation = p !== undefined && created !== undefined ? p : undefined
  return [
    ['Kind', kind],
    ['Asset', assetLink(created ?? acfg.assetId)],
    creation && ['Name', textField(creation.name, creation.nameB64)],
    creation && ['Unit', textField(creation.unitName, creation.unitNameB64)],
    creation && ['Total (base units)', creation.total.toString()],
    creation && ['Decimals', creation.decimals],
    p && ['Manager', addressLink(p.manager) ?? NONE],
    p && ['Reserve', addressLink(p.reserve) ?? NONE],
    p && ['Freeze', addressLink(p.freeze) ?? NONE],
    p && ['Clawback', addressLink(p.clawback) ?? NONE],
  ]
}

function freezeRows(txn: im.Transaction): Row[] {
  const afrz = txn.assetFreezeTransaction
  if (afrz === undefined) return []
  return [
    ['Asset', assetLink(afrz.assetId)],
    ['Account', addressLink(afrz.address)],
    ['New status', afrz.newFreezeStatus ? 'frozen' : 'not frozen'],
  ]
}

function schemaText(s: im.StateSchema | undefined): string | undefined {
  if (s === undefined || (s.numUint === 0 && s.numByteSlice === 0)) return undefined
  return `${s.numUint.toString()} uints, ${s.numByteSlice.toString()} byte slices`
}

function applicationRows(txn: im.Transaction): Row[] {
  const appl = txn.applicationTransaction
  if (appl === undefined) return []
  const created = txn.createdApplicationIndex
  const size = (p: Uint8Array | undefined): string | undefined =>
    p === undefined ? undefined : `${p.length.toString()} bytes`
  const box = (b: im.BoxReference): Html =>
    markup`${b.app === 0 ? 'this application' : appLink(BigInt(b.app))}: ${bytesView(b.name)}`
  return [
    ['Application', appLink(created ?? appl.applicationId)],
    created === undefined ? undefined : ['Kind', 'Create'],
    ['On completion', appl.onCompletion],
    ['Arguments', list(appl.applicationArgs?.map(bytesView))],
    ['Accounts', list(appl.accounts?.map((a) => addressLink(a.toString())))],
    ['Foreign apps', list(appl.foreignApps?.map((id) => appLink(id)))],
    ['Foreign assets', list(appl.foreignAssets?.map((id) => assetLink(id)))],
    ['Boxes', list(appl.boxReferences?.map(box))],
    ['Approval program', size(appl.approvalProgram)],
    ['Clear program', size(appl.clearStateProgram)],
    ['Global schema', schemaText(appl.globalStateSchema)],
    ['Local schema', schemaText(appl.localStateSchema)],
    appl.extraProgramPages ? ['Extra pages', appl.extraProgramPages] : undefined,
  ]
}

function keyregRows(txn: im.Transaction): Row[] {
  const k = txn.keyregTransaction
  if (k === undefined) return []
  const online = k.voteParticipationKey !== undefined
  const key = (b: Uint8Array | undefined): Html | undefined =>
    b === undefined ? undefined : markup`<code>${base64(b)}</code>`
  const rounds = `${String(k.voteFirstValid)} – ${String(k.voteLastValid)}`
  return [
    ['Registers', online ? 'online' : k.nonParticipation ? 'non-participating' : 'offline'],
    ['Vote key', key(k.voteParticipationKey)],
    ['Selection key', key(k.selectionParticipationKey)],
    ['State proof key', key(k.stateProofKey)],
    ['Vote rounds', online ? rounds : undefined],
  ]
}

function deltaTable(delta: readonly im.EvalDeltaKeyValue[]): Html {
  const rows = delta.map((kv) => {
    const v = kv.value
    const value =
      v.action === 1
        ? bytesView(fromBase64(v.bytes ?? ''))
        : v.action === 2
          ? (v.uint ?? 0n).toString()
          : ''
    return [bytesView(fromBase64(kv.key)), DELTA_ACTIONS[v.action] ?? String(v.action), value]
  })
  return listTable(['Key', 'Action', 'Value'], rows, 'none')
}

function effects(txn: im.Transaction): Html {
  const global = txn.globalStateDelta ?? []
  const local = (txn.localStateDelta ?? []).map(
    (l) => markup`<h3>Local state changes of ${addressLink(l.address)}</h3>${deltaTable(l.delta)}`,
  )
  const logs = txn.logs ?? []
  return markup`${
    global.length > 0 ? markup`<h3>Global state changes</h3>${deltaTable(global)}` : ''
  }${local}${logs.length > 0 ? markup`<h3>Logs</h3>${list(logs.map(bytesView))}` : ''}`
}

/** Fields shared by every transaction, top-level or inner. */
function commonRows(txn: im.Transaction): Row[] {
  const lease = txn.lease
  const rekeyTo = txn.rekeyTo?.toString()
  return [
    ['Type', typeName(txn)],
    ['Sender', addressLink(txn.sender)],
    ['Fee', algos(txn.fee)],
    ['Valid rounds', `${txn.firstValid.toString()} – ${txn.lastValid.toString()}`],
    ['Note', noteView(txn.note)],
    lease && lease.some((b) => b !== 0)
      ? ['Lease', markup`<code>${base64(lease)}</code>`]
      : undefined,
    rekeyTo === undefined
      ? undefined
      : ['Rekey to', markup`${addressLink(rekeyTo)} <span class="warn">rekey</span>`],
  ]
}

function innerSection(child: im.Transaction, assets: AssetLabels, path: number[]): Html {
  const anchor = `inner-${path.join('-')}`
  const heading = markup`<a href="#${anchor}">Inner transaction ${path.join('.')}</a>`
  return markup`<section class="inner" id="${anchor}"><h4>${heading}: ${typeName(child)}</h4>${txnDetails(child, assets, [], path)}</section>`
}

/** Everything about one transaction and, nested below, its inner transactions. */
export function txnDetails(
  txn: im.Transaction,
  assets: AssetLabels,
  leading: readonly Row[] = [],
  path: readonly number[] = [],
): Html {
  const rows: Row[] = [
    ...leading,
    ...commonRows(txn),
    ...paymentRows(txn),
    ...assetTransferRows(txn, assets),
    ...assetConfigRows(txn),
    ...freezeRows(txn),
    ...applicationRows(txn),
    ...keyregRows(txn),
  ]
  const inner = txn.innerTxns ?? []
  const nested =
    inner.length === 0
      ? ''
      : markup`<h3>Inner transactions (${inner.length})</h3>${inner.map((child, i) =>
          innerSection(child, assets, [...path, i + 1]),
        )}`
  return markup`${fields(rows)}${effects(txn)}${nested}`
}
