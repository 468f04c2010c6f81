/** GET /explorer/tx/:id — a committed transaction (or one still in the pool). */
import type { indexerModels as im } from 'algosdk'
import { rootTransaction } from '../indexer/txn-model.js'
import { AssetLabels, type ExplorerContext, ExplorerError, parseTxid } from './context.js'
import { addressLink, algos, base64, blockLink, formatTime, txLink } from './format.js'
import { type Html, fields, markup, type Page } from './html.js'
import { groupMembers } from './recent.js'
import { txnDetails } from './txn-details.js'
import { typeName } from './txn-summary.js'

function signatureKind(txn: im.Transaction): string | undefined {
  const s = txn.signature
  if (s?.sig !== undefined) return 'single signature'
  if (s?.multisig !== undefined) return 'multisignature'
  const l = s?.logicsig
  if (l === undefined) return undefined
  const delegated =
    l.signature !== undefined ||
    l.multisigSignature !== undefined ||
    l.logicMultisigSignature !== undefined
  return delegated ? 'delegated logic signature' : 'logic signature (contract account)'
}

function groupView(ctx: ExplorerContext, group: Uint8Array | undefined, self: string) {
  if (group === undefined || group.every((b) => b === 0)) return undefined
  const member = (id: string): Html =>
    id === self ? markup`<strong class="mono">${id}</strong> (this one)` : txLink(id)
  const members = groupMembers(ctx, group).map((id) => markup`<li>${member(id)}</li>`)
  return markup`<code>${base64(group)}</code><ol>${members}</ol>`
}

function title(txid: string): string {
  return `Transaction ${txid.slice(0, 10)}…`
}

export function txPage(ctx: ExplorerContext, rawId: string | undefined): Page {
  const txid = parseTxid(rawId)
  const txns = ctx.index.txns
  const seq = txns.txidRow(txid)
  const root = seq === undefined ? undefined : txns.root(seq)
  if (root === undefined) return pendingPage(ctx, txid)
  const txn = rootTransaction(root)
  const authAddr = txn.authAddr?.toString()
  const details = txnDetails(txn, new AssetLabels(ctx.chain), [
    ['Id', markup`<span class="mono">${txid}</span>`],
    ['Status', markup`Confirmed in round ${blockLink(txn.confirmedRound)}`],
    ['Confirmed at', formatTime(txn.roundTime)],
    ['Position in round', txn.intraRoundOffset],
    ['Signed with', signatureKind(txn)],
    authAddr === undefined
      ? undefined
      : [
          'Authorized by',
          markup`${addressLink(authAddr)} <span class="warn">rekeyed signer</span>`,
        ],
    ['Group', groupView(ctx, txn.group, txid)],
  ])
  return { status: 200, title: title(txid), body: markup`<h1>Transaction ${txid}</h1>${details}` }
}

/** Not in the index: maybe still in the pool (block-interval mode), or just confirmed. */
function pendingPage(ctx: ExplorerContext, txid: string): Page {
  const pending = ctx.chain.pending(txid)
  if (pending === undefined) throw new ExplorerError(404, `No transaction ${txid} on this network.`)
  const txn = pending.txn.txn
  const confirmed = pending.confirmedRound ?? 0n
  const status =
    confirmed > 0n
      ? markup`Confirmed in round ${blockLink(confirmed)} (not indexed yet: reload)`
      : pending.poolError !== ''
        ? markup`Rejected: ${pending.poolError}`
        : 'Pending in the transaction pool'
  const details = fields([
    ['Id', markup`<span class="mono">${txid}</span>`],
    ['Status', status],
    ['Type', typeName({ txType: txn.type })],
    ['Sender', addressLink(txn.sender.toString())],
    ['Fee', algos(txn.fee)],
    ['Valid rounds', `${txn.firstValid.toString()} – ${txn.lastValid.toString()}`],
  ])
  return { status: 200, title: title(txid), body: markup`<h1>Transaction ${txid}</h1>${details}` }
}
