/**
 * GET /explorer/ (latest blocks and transactions), /explorer/block/:round, and
 * /explorer/search?q= (which redirects to the page of what was typed).
 */
import { isValidAddress } from 'algosdk'
import { rootTransactions } from '../indexer/txn-model.js'
import {
  AssetLabels,
  type ExplorerContext,
  ExplorerError,
  isTxid,
  parseUint,
  quote,
} from './context.js'
import { addressLink, algos, assetLink, base64, blockLink, formatTime } from './format.js'
import { type Interpolation, fields, listTable, markup, type Page } from './html.js'
import { latestTransactions } from './recent.js'
import { SUMMARY_HEADINGS, summaryCells } from './txn-summary.js'

const LATEST_BLOCKS = 10
const LATEST_TXNS = 20

export function homePage(ctx: ExplorerContext): Page {
  const last = ctx.chain.lastRound()
  const blocks: Interpolation[][] = []
  for (let round = last; round >= 0n && blocks.length < LATEST_BLOCKS; round--) {
    const block = ctx.chain.block(round)
    if (block === undefined) continue
    blocks.push([blockLink(round), formatTime(block.block.header.timestamp), block.txids.length])
  }
  const assets = new AssetLabels(ctx.chain)
  const txns = latestTransactions(ctx, LATEST_TXNS).map((t) => summaryCells(t, assets))
  const g = ctx.chain.genesis
  const dispenser = g.accounts.find((a) => a.comment === 'Wallet1')?.address
  const summary = fields([
    ['Last round', blockLink(last)],
    ['Genesis hash', markup`<code>${base64(g.hash)}</code>`],
    ['USDC asset', assetLink(g.usdcAssetId)],
    ['Dispenser', addressLink(dispenser)],
  ])
  const body = markup`<h1>${g.network} (${g.id})</h1>${summary}
<h2>Latest blocks</h2>
${listTable(['Round', 'Time', 'Transactions'], blocks, 'No blocks yet.')}
<h2>Latest transactions</h2>
${listTable(SUMMARY_HEADINGS, txns, 'No transactions yet.')}`
  return { status: 200, title: 'Explorer', body }
}

export function blockPage(ctx: ExplorerContext, rawRound: string | undefined): Page {
  const round = parseUint('round', rawRound)
  const committed = ctx.chain.block(round)
  if (committed === undefined) throw new ExplorerError(404, `No block ${round.toString()} yet.`)
  const h = committed.block.header
  const index = ctx.index.txns
  const assets = new AssetLabels(ctx.chain)
  const indexed = round <= BigInt(index.lastRound)
  const txns = indexed
    ? rootTransactions(index, index.rootsOfRound(Number(round))).map((t) => summaryCells(t, assets))
    : []
  const last = ctx.chain.lastRound()
  const summary = fields([
    ['Round', round.toString()],
    ['Time', formatTime(h.timestamp)],
    ['Previous block', round > 0n ? blockLink(round - 1n) : undefined],
    ['Next block', round < last ? blockLink(round + 1n) : undefined],
    ['Previous block hash', markup`<code>${base64(h.branch)}</code>`],
    ['Seed', markup`<code>${base64(h.seed)}</code>`],
    ['Transactions', committed.txids.length],
    ['Transaction counter', h.txnCounter.toString()],
    ['Fees collected', h.feesCollected > 0n ? algos(h.feesCollected) : undefined],
  ])
  const body = markup`<h1>Block ${round.toString()}</h1>${summary}
<h2>Transactions</h2>
${listTable(SUMMARY_HEADINGS, txns, 'No transactions in this block.')}`
  return { status: 200, title: `Block ${round.toString()}`, body }
}

/** Where a search goes: a path built only from validated input, or an error page. */
export function searchTarget(ctx: ExplorerContext, rawQuery: unknown): string {
  const q = typeof rawQuery === 'string' ? rawQuery.trim() : ''
  if (q === '') return '/explorer/'
  if (isTxid(q)) return `/explorer/tx/${q}`
  if (q.length === 58 && isValidAddress(q)) return `/explorer/address/${q}`
  if (/^\d+$/.test(q)) {
    const id = parseUint('id', q)
    // Asset and application ids come from one counter: a number is at most one of them.
    if (ctx.chain.asset(id) !== undefined || ctx.index.state.assets.has(id)) {
      return `/explorer/asset/${id.toString()}`
    }
    if (ctx.chain.application(id) !== undefined || ctx.index.state.apps.has(id)) {
      return `/explorer/application/${id.toString()}`
    }
    if (id <= ctx.chain.lastRound()) return `/explorer/block/${id.toString()}`
    throw new ExplorerError(404, `No asset, application or round ${id.toString()} here.`)
  }
  throw new ExplorerError(
    400,
    `${quote(q)} is not a transaction id, an address, or an asset, application or round number.`,
  )
}
