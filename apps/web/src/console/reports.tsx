/**
 * The console's read-only sections: newsletter subscribers (a CSV download), operations waiting or
 * refused with the chain's reason and the follower's lag behind algod, and the audit log.
 */
import { useQuery } from '@tanstack/react-query'
import { API, routePath } from '@unica/schemas'
import { useState } from 'react'
import { buttonClass } from '../common/components/modal.js'
import { API_BASE } from '../common/lib/config.js'
import { shortAddress } from '../common/lib/format.js'
import { useServices } from '../common/state/services.js'
import { Loadable, Pager, ShowFilter, TableFrame, cellClass } from './parts.js'
import { auditQuery, followerQuery, operationsQuery, when } from './queries.js'

export function SubscribersSection() {
  return (
    <div className="flex flex-col items-start gap-3">
      <p>
        Everyone subscribed to the newsletter, as a CSV file (email and date). Cells a spreadsheet
        would run as a formula are prefixed with a quote. The download is recorded in the audit log.
      </p>
      <a className={buttonClass} href={`${API_BASE}${routePath(API.exportSubscribers)}`} download>
        Download subscribers (CSV)
      </a>
    </div>
  )
}

type OpStatus = 'pending' | 'submitted' | 'failed'
const OP_FILTERS: { value: OpStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'Pending and failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'failed', label: 'Failed' },
]

export function OperationsSection() {
  const { api } = useServices()
  const [filter, setFilter] = useState<OpStatus | 'all'>('all')
  const [offset, setOffset] = useState(0)
  const ops = useQuery(operationsQuery(api, filter === 'all' ? undefined : filter, offset))
  const follower = useQuery(followerQuery(api))
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Chain follower" className="rounded-md border border-slate-200 p-3">
        <h3 className="font-semibold">Chain follower</h3>
        <Loadable query={follower} empty={() => false} emptyText="">
          {(f) => (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 text-sm">
              <dt className="text-slate-500">Last round applied</dt>
              <dd>{f.round ?? 'none yet'}</dd>
              <dt className="text-slate-500">algod's round</dt>
              <dd>{f.algod_round ?? `unknown (${f.algod_error ?? 'no answer'})`}</dd>
              <dt className="text-slate-500">Lag</dt>
              <dd>{f.lag === null ? 'unknown' : `${f.lag} rounds`}</dd>
            </dl>
          )}
        </Loadable>
      </section>
      <ShowFilter
        options={OP_FILTERS}
        value={filter}
        onChange={(value) => {
          setFilter(value)
          setOffset(0)
        }}
      />
      <Loadable
        query={ops}
        empty={(d) => d.results.length === 0}
        emptyText="No operation is waiting or failed."
      >
        {(data) => (
          <>
            <TableFrame
              label="Operations"
              columns={['Operation', 'App', 'Sender', 'Status', 'Reason', 'Attempts', 'Updated']}
            >
              {data.results.map((o) => (
                <tr key={o.operation_id}>
                  <td className={cellClass}>{o.op_type}</td>
                  <td className={cellClass}>{o.application_id}</td>
                  <td className={cellClass} title={o.sender}>
                    {shortAddress(o.sender)}
                  </td>
                  <td className={cellClass}>{o.status}</td>
                  <td className={`${cellClass} max-w-md break-words`}>{o.failure_reason ?? '–'}</td>
                  <td className={cellClass}>{o.attempts}</td>
                  <td className={cellClass}>{when(o.updated_at)}</td>
                </tr>
              ))}
            </TableFrame>
            <Pager count={data.count} offset={offset} onOffset={setOffset} />
          </>
        )}
      </Loadable>
    </div>
  )
}

/** An audit row's details as short text: its reason first, then anything else it carries. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ')
}

export function AuditSection() {
  const { api } = useServices()
  const [offset, setOffset] = useState(0)
  const log = useQuery(auditQuery(api, offset))
  return (
    <Loadable query={log} empty={(d) => d.results.length === 0} emptyText="No staff action yet.">
      {(data) => (
        <>
          <TableFrame label="Audit log" columns={['When', 'Who', 'Action', 'Target', 'Details']}>
            {data.results.map((r) => (
              <tr key={r.id}>
                <td className={cellClass}>{when(r.at)}</td>
                <td className={cellClass} title={r.actor}>
                  {r.actor === 'cli' ? 'admin CLI' : shortAddress(r.actor)}
                </td>
                <td className={cellClass}>{r.action}</td>
                <td className={`${cellClass} break-all`} title={r.target}>
                  {r.target.length > 20 ? shortAddress(r.target) : r.target}
                </td>
                <td className={`${cellClass} max-w-md break-words`}>{detailsText(r.details)}</td>
              </tr>
            ))}
          </TableFrame>
          <Pager count={data.count} offset={offset} onOffset={setOffset} />
        </>
      )}
    </Loadable>
  )
}
