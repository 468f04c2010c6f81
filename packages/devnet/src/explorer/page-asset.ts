/** GET /explorer/asset/:id — the asset's params (with its powers flagged) and recent transfers. */
import type { modelsv2 } from 'algosdk'
import { AssetLabels, type ExplorerContext, ExplorerError, parseUint } from './context.js'
import {
  addressLink,
  blockLink,
  formatUnits,
  hex,
  printableText,
  textField,
  txLink,
} from './format.js'
import { type Html, fields, listTable, markup, type Page } from './html.js'
import { recentForCreatable } from './recent.js'

const RECENT = 25
const NONE = markup`<span class="muted">none</span>`

/** The URL as text; a link only when it is an http(s) URL (never javascript:, data:, ...). */
function urlView(p: modelsv2.AssetParams): Html | undefined {
  const bytes = p.urlB64
  if (bytes === undefined || bytes.length === 0) return undefined
  const text = printableText(bytes)
  if (text === undefined) return textField(undefined, bytes)
  let isWeb: boolean
  try {
    const url = new URL(text)
    isWeb = url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    isWeb = false
  }
  return isWeb
    ? markup`<a href="${text}" rel="noopener noreferrer nofollow">${text}</a>`
    : markup`<code>${text}</code>`
}

/** A role address, flagged when it gives someone power over holders' units. */
function role(address: string | undefined, warning?: string): Html {
  const link = addressLink(address)
  if (link === undefined) return NONE
  return warning === undefined ? link : markup`${link} <span class="warn">${warning}</span>`
}

function paramsTable(ctx: ExplorerContext, id: bigint, p: modelsv2.AssetParams): Html {
  const record = ctx.index.state.assets.get(id)
  const frozen = markup`<span class="warn">yes: new holdings start frozen</span>`
  return fields([
    ['Asset id', id.toString()],
    ['Name', textField(p.name, p.nameB64) ?? NONE],
    ['Unit', textField(p.unitName, p.unitNameB64) ?? NONE],
    ['Decimals', p.decimals],
    ['Total supply', markup`<span class="amount">${formatUnits(p.total, p.decimals)}</span>`],
    ['Default frozen', p.defaultFrozen === true ? frozen : 'no'],
    ['URL', urlView(p)],
    ['Metadata hash', p.metadataHash && markup`<code>${hex(p.metadataHash)}</code>`],
    ['Creator', role(p.creator)],
    ['Manager', role(p.manager)],
    ['Reserve', role(p.reserve)],
    ['Freeze', role(p.freeze, 'can freeze any holder')],
    ['Clawback', role(p.clawback, 'can take units from any holder')],
    ['Created in round', record?.provisional === false ? blockLink(record.created) : undefined],
  ])
}

export function assetPage(ctx: ExplorerContext, rawId: string | undefined): Page {
  const id = parseUint('asset id', rawId)
  const p = ctx.chain.asset(id)?.params
  const record = ctx.index.state.assets.get(id)
  if (p === undefined && record === undefined) {
    throw new ExplorerError(404, `No asset ${id.toString()} on this network.`)
  }
  const assets = new AssetLabels(ctx.chain)
  const transfers = recentForCreatable(ctx, id, 'axfer', RECENT).map(({ rootId, txn, offset }) => {
    const axfer = txn.assetTransferTransaction
    const clawback = axfer?.sender !== undefined
    return [
      markup`${txLink(rootId, true)}${offset > 0 ? markup` <span class="muted">(inner)</span>` : ''}`,
      blockLink(txn.confirmedRound),
      addressLink(axfer?.sender ?? txn.sender, true),
      addressLink(axfer?.receiver, true),
      markup`<span class="amount">${assets.amount(id, axfer?.amount ?? 0n)}</span>`,
      clawback
        ? markup`<span class="warn">clawback</span>`
        : axfer?.closeTo !== undefined
          ? 'close-out'
          : '',
    ]
  })

  const closed = record?.closed === undefined ? '' : markup` in round ${blockLink(record.closed)}`
  const details =
    p === undefined
      ? markup`<p><span class="warn">Destroyed</span>${closed}.</p>`
      : paramsTable(ctx, id, p)
  const name = p?.nameB64 === undefined ? '' : (printableText(p.nameB64) ?? '')
  const heading = name === '' ? `Asset ${id.toString()}` : name
  const body = markup`<h1>${heading}</h1>${details}
<h2>Recent transfers</h2>
${listTable(['Transaction', 'Round', 'From', 'To', 'Amount', ''], transfers, 'No transfers yet.')}`
  return { status: 200, title: `Asset ${id.toString()}`, body }
}
