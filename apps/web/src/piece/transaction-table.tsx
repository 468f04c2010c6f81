/**
 * The transaction history (docs/product.md §2): Transaction type, Who, Price, Transaction, When;
 * stacked rows below 768px. Addresses and ids are abbreviated and link to the explorer.
 *
 * By default it tells the piece's story in the words of the market (history.ts): one row per
 * listing, offer or sale, a sale naming both parties, the mint first. "Show all transactions"
 * turns it into the full log of manager calls with the spec's operation names (opt-ins, setup,
 * 'Cancel ask', 'Cancel bid').
 */
import type { Asset, Operation } from '@unica/schemas'
import { useState, type ReactNode } from 'react'
import { AddressLink } from '../common/components/address-link.js'
import { explorerTxUrl, type AppConfig } from '../common/lib/config.js'
import { formatUnits, formatWhen, operationName, shortAddress } from '../common/lib/format.js'
import { useServices } from '../common/state/services.js'
import { StackedTable } from '../common/components/stacked-table.js'
import { historyRows, isHousekeeping, isPriced, type HistoryRow, type Phrase } from './history.js'

const COLUMNS = ['Transaction type', 'Who', 'Price', 'Transaction', 'When'] as const

const EXTERNAL = {
  target: '_blank',
  rel: 'noopener noreferrer',
  className: 'text-indigo-700 underline',
}

function PhraseCell({ phrase }: { phrase: Phrase }) {
  return phrase.map((part, i) =>
    typeof part === 'string' ? part : <AddressLink key={i} address={part.address} />,
  )
}

function txCell(config: AppConfig, txId: string | null, pending: boolean): ReactNode {
  if (txId === null) return pending ? 'Pending' : '—'
  return (
    <a href={explorerTxUrl(config, txId)} {...EXTERNAL}>
      {shortAddress(txId)}
    </a>
  )
}

function priceText(value: bigint | null, config: AppConfig): string {
  return value === null ? '—' : `${formatUnits(value, config.usdcDecimals)} USDC`
}

function storyCells(row: HistoryRow, config: AppConfig): ReactNode[] {
  return [
    <PhraseCell key="type" phrase={row.phrase} />,
    row.role === null ? (
      <AddressLink key="who" address={row.who} />
    ) : (
      <span key="who" className="inline-flex items-baseline gap-1">
        <span className="text-slate-600">{row.role}</span> <AddressLink address={row.who} />
      </span>
    ),
    row.royalty === null
      ? priceText(row.price, config)
      : `${priceText(row.price, config)} (royalty ${priceText(row.royalty, config)})`,
    txCell(config, row.txId, row.pending),
    row.pending ? 'Pending' : formatWhen(row.when),
  ]
}

/** The spec's own row: every manager call, named by docs/product.md §4's operation display. */
function logCells(op: Operation, config: AppConfig): ReactNode[] {
  const value = BigInt(op.value)
  const priced = isPriced(op.op_type) && op.op_type !== 'CLAIM'
  return [
    operationName(op.op_type, value),
    <AddressLink key="who" address={op.sender} />,
    priceText(priced && value !== 0n ? value : null, config),
    txCell(config, op.tx_id, op.is_pending),
    formatWhen(op.block_time),
  ]
}

export function TransactionTable({
  operations,
  asset,
}: {
  operations: readonly Operation[]
  /** Adds the mint as the story's first row. */
  asset?: Pick<Asset, 'creator_address' | 'created_at'>
}) {
  const { config } = useServices()
  const [all, setAll] = useState(false)
  if (operations.length === 0 && asset === undefined) return <p>No transactions yet.</p>
  const hidden = operations.filter(isHousekeeping).length
  const rows = all
    ? operations.map((op) => ({ key: op.operation_id, cells: logCells(op, config) }))
    : historyRows(operations, asset).map((row) => ({
        key: row.key,
        cells: storyCells(row, config),
      }))
  return (
    <div className="space-y-3">
      <StackedTable columns={COLUMNS} rows={rows} />
      {operations.length > 0 && (
        <button
          type="button"
          aria-pressed={all}
          className="text-sm text-indigo-700 underline"
          onClick={() => {
            setAll(!all)
          }}
        >
          Show all transactions
        </button>
      )}
      {!all && hidden > 0 && (
        <p className="text-xs text-slate-500">
          {hidden === 1 ? '1 housekeeping transaction' : `${hidden} housekeeping transactions`}{' '}
          (opt-ins, close-outs) hidden.
        </p>
      )}
    </div>
  )
}
