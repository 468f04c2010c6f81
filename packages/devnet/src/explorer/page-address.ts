/** GET /explorer/address/:addr — balances, holdings, what it created, recent transactions. */
import { AssetLabels, type ExplorerContext, parseAddress } from './context.js'
import { addressLink, algos, appLink, assetLink, formatUnits, textField } from './format.js'
import { fields, listTable, markup, type Page } from './html.js'
import { recentForAddress } from './recent.js'
import { SUMMARY_HEADINGS, summaryCells } from './txn-summary.js'

const RECENT = 25

export function addressPage(ctx: ExplorerContext, rawAddress: string | undefined): Page {
  const address = parseAddress(rawAddress)
  const info = ctx.chain.accountInfo(address, 'none')
  const assets = new AssetLabels(ctx.chain)
  const spendable = info.amount > info.minBalance ? info.amount - info.minBalance : 0n
  const authAddr = info.authAddr?.toString()

  const holdings = (info.assets ?? []).map((h) => [
    assetLink(h.assetId),
    assets.get(h.assetId)?.name ?? '',
    markup`<span class="amount">${assets.amount(h.assetId, h.amount)}</span>`,
    h.isFrozen ? markup`<span class="warn">frozen</span>` : '',
  ])
  const created = (info.createdAssets ?? []).map((a) => {
    const p = a.params
    return [
      assetLink(a.index),
      textField(p?.name, p?.nameB64) ?? '',
      textField(p?.unitName, p?.unitNameB64) ?? '',
      p === undefined
        ? ''
        : markup`<span class="amount">${formatUnits(p.total, p.decimals)}</span>`,
    ]
  })
  const apps = (info.createdApps ?? []).map((a) => [appLink(a.id)])
  const optedIn = (info.appsLocalState ?? []).map((l) => [appLink(l.id)])
  const recent = recentForAddress(ctx, address, RECENT).map((t) => summaryCells(t, assets))

  const summary = fields([
    ['Address', markup`<span class="mono">${address}</span>`],
    ['Balance', algos(info.amount)],
    ['Minimum balance', algos(info.minBalance)],
    ['Spendable', algos(spendable)],
    ['Status', info.status],
    authAddr === undefined
      ? undefined
      : ['Authorized signer', markup`${addressLink(authAddr)} <span class="warn">rekeyed</span>`],
    ['As of round', info.round.toString()],
  ])
  const body = markup`<h1>Account ${address}</h1>${summary}
<h2>Assets held (${holdings.length})</h2>
${listTable(['Asset', 'Name', 'Amount', ''], holdings, 'No assets.')}
<h2>Assets created (${created.length})</h2>
${listTable(['Asset', 'Name', 'Unit', 'Total'], created, 'None.')}
<h2>Applications created (${apps.length})</h2>
${listTable(['Application'], apps, 'None.')}
<h2>Applications opted in (${optedIn.length})</h2>
${listTable(['Application'], optedIn, 'None.')}
<h2>Recent transactions</h2>
${listTable(SUMMARY_HEADINGS, recent, 'No transactions yet.')}`
  return { status: 200, title: `Account ${address.slice(0, 8)}…`, body }
}
