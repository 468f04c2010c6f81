/**
 * The deploy screen's steps as a checklist (deploy-steps.ts): what is done, what runs now, and for
 * each step this browser ran its transaction (linked to the explorer) and the fees it cost.
 */
import { explorerTxUrl } from '../common/lib/config.js'
import { formatAlgos, shortAddress } from '../common/lib/format.js'
import { useServices } from '../common/state/services.js'
import type { ChecklistItem } from './deploy-steps.js'

function stateOf(item: ChecklistItem, current: boolean): string {
  if (item.done) return 'Done'
  return current ? 'In progress' : 'To do'
}

export function Checklist({
  items,
  running,
}: {
  items: readonly ChecklistItem[]
  running: boolean
}) {
  const { config } = useServices()
  const current = running ? items.find((i) => !i.done)?.step : undefined
  return (
    <ol aria-label="Setup steps" className="flex flex-col gap-2">
      {items.map((item) => {
        const state = stateOf(item, item.step === current)
        const { record } = item
        return (
          <li
            key={item.step}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border border-slate-200 px-3 py-2"
          >
            <span className="font-medium">
              <span aria-hidden="true" className={item.done ? 'text-green-700' : 'text-slate-400'}>
                {item.done ? '✓ ' : '○ '}
              </span>
              {item.label}
              <span className="sr-only">: {state}</span>
            </span>
            <span className="flex gap-4 text-sm text-slate-600">
              {record === null ? (
                <span aria-hidden="true">{state}</span>
              ) : (
                <>
                  <a
                    href={explorerTxUrl(config, record.txId)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-indigo-700 underline"
                    aria-label={`${item.label}: transaction ${shortAddress(record.txId)}`}
                  >
                    {shortAddress(record.txId)}
                  </a>
                  <span>Fee: {formatAlgos(record.fee)} Algos</span>
                </>
              )}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
