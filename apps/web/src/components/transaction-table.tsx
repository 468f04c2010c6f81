/**
 * The transaction history (docs/product.md §2): Transaction type, Who, Price, Transaction, When;
 * stacked rows below 768px. Addresses and ids are abbreviated and link to the explorer.
 */
import type { Operation } from '@unica/schemas'
import type { ReactNode } from 'react'
import { AddressLink } from '../discovery/address-link.js'
import { explorerTxUrl, type AppConfig } from '../lib/config.js'
import { formatUnits, formatWhen, operationName, shortAddress } from '../lib/format.js'
import { useServices } from '../state/services.js'

const COLUMNS = ['Transaction type', 'Who', 'Price', 'Transaction', 'When'] as const

function cells(op: Operation, config: AppConfig): ReactNode[] {
  const value = BigInt(op.value)
  const price =
    op.op_type === 'ASK' ||
    op.op_type === 'BID' ||
    op.op_type === 'BUY_NOW' ||
    op.op_type === 'SELL_NOW'
      ? value === 0n
        ? '—'
        : `${formatUnits(value, config.usdcDecimals)} USDC`
      : '—'
  const ext = {
    target: '_blank',
    rel: 'noopener noreferrer',
    className: 'text-indigo-700 underline',
  }
  return [
    operationName(op.op_type, value),
    <AddressLink key="who" address={op.sender} />,
    price,
    op.tx_id === null ? (
      'Pending'
    ) : (
      <a key="tx" href={explorerTxUrl(config, op.tx_id)} {...ext}>
        {shortAddress(op.tx_id)}
      </a>
    ),
    formatWhen(op.block_time),
  ]
}

export function TransactionTable({ operations }: { operations: readonly Operation[] }) {
  const { config } = useServices()
  if (operations.length === 0) return <p>No transactions yet.</p>
  return (
    <table className="w-full text-left text-sm">
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-slate-200">
          {COLUMNS.map((c) => (
            <th key={c} scope="col" className="py-2 pr-4 font-semibold">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {operations.map((op) => {
          const row = cells(op, config)
          return (
            <tr
              key={op.operation_id}
              className="block border-b border-slate-200 py-2 md:table-row md:py-0"
            >
              {row.map((cell, i) => (
                <td
                  key={COLUMNS[i]}
                  className="flex justify-between gap-4 py-1 md:table-cell md:py-2 md:pr-4"
                >
                  <span className="font-medium text-slate-500 md:hidden">{COLUMNS[i]}</span>
                  <span>{cell}</span>
                </td>
              ))}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
