/**
 * Recent transactions for the pages, read from the indexer's index (its per-address search and
 * its per-asset/app row lists) and converted with the indexer's own transaction model, so the
 * explorer shows exactly what indexer clients see.
 */
import { Address, type indexerModels as im } from 'algosdk'
import { TYPE_CODES } from '../indexer/txn-index.js'
import { rootTransaction, rootTransactions } from '../indexer/txn-model.js'
import { searchTransactions } from '../indexer/txn-search.js'
import type { ExplorerContext } from './context.js'

/** A transaction as listed: its own model (maybe an inner one) and the id of its root. */
export interface ListedTxn {
  readonly rootId: string
  readonly txn: im.Transaction
  /** Pre-order position inside the root (0 = the root itself). */
  readonly offset: number
}

/** Top-level transactions the address took part in (directly or in an inner txn), newest first. */
export function recentForAddress(
  ctx: ExplorerContext,
  address: string,
  limit: number,
): im.Transaction[] {
  const txns = ctx.index.txns
  const page = searchTransactions(txns, {
    address: Address.fromString(address),
    addressRole: 0,
    limit,
  })
  return rootTransactions(txns, page.rows)
}

/** The `offset`-th transaction of a model's tree in pre-order (0 = the model itself). */
function preorderModel(root: im.Transaction, offset: number): im.Transaction | undefined {
  let left = offset
  const walk = (txn: im.Transaction): im.Transaction | undefined => {
    if (left === 0) return txn
    for (const inner of txn.innerTxns ?? []) {
      left--
      const found = walk(inner)
      if (found !== undefined) return found
    }
    return undefined
  }
  return walk(root)
}

/**
 * Transactions (top-level or inner) of one type that concern an asset or application, newest
 * first, from the index's per-creatable row list.
 */
export function recentForCreatable(
  ctx: ExplorerContext,
  id: bigint,
  type: 'axfer' | 'appl',
  limit: number,
): ListedTxn[] {
  const txns = ctx.index.txns
  const rows = txns.creatableRows(id)
  const out: ListedTxn[] = []
  for (let i = rows.length - 1; i >= 0 && out.length < limit; i--) {
    const seq = rows[i]
    if (txns.typeOf(seq) !== TYPE_CODES[type]) continue
    const root = txns.root(seq)
    if (root === undefined) continue
    const offset = seq - root.seq
    const txn = preorderModel(rootTransaction(root), offset)
    if (txn !== undefined) out.push({ rootId: root.txid, txn, offset })
  }
  return out
}

/** The newest top-level transactions, looking back at most `maxRounds` rounds. */
export function latestTransactions(
  ctx: ExplorerContext,
  limit: number,
  maxRounds = 10_000,
): im.Transaction[] {
  const txns = ctx.index.txns
  const seqs: number[] = []
  const stop = Math.max(0, txns.lastRound - maxRounds)
  for (let round = txns.lastRound; round >= stop && seqs.length < limit; round--) {
    seqs.push(...txns.rootsOfRound(round).reverse())
  }
  return rootTransactions(txns, seqs.slice(0, limit))
}

/** Top-level transactions of the same group as `group`, in payset order. */
export function groupMembers(ctx: ExplorerContext, group: Uint8Array): string[] {
  const txns = ctx.index.txns
  const ids: string[] = []
  for (const seq of txns.groupRows(group)) {
    if (!txns.isRoot(seq)) continue
    const root = txns.root(seq)
    const g = root?.stib.signedTxn.signedTxn.txn.group
    if (root !== undefined && g !== undefined && Buffer.compare(g, group) === 0) ids.push(root.txid)
  }
  return ids
}
