/**
 * Creator applications: filter by status, read one, accept (its account becomes staff) or decline
 * with an optional reason. Each decision is one request; the server records it in the audit log.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import type { ApplicationRecord, ApplicationStatus } from '@unica/schemas'
import { useId, useState } from 'react'
import { buttonClass, inputClass, secondaryButtonClass } from '../common/components/modal.js'
import { shortAddress } from '../common/lib/format.js'
import { safeHref } from '../common/lib/links.js'
import { useServices } from '../common/state/services.js'
import { Loadable, Pager, ShowFilter } from './parts.js'
import { applicationsQuery, consoleMessage, invalidateConsole, when } from './queries.js'

const FILTERS: { value: ApplicationStatus | 'all'; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'all', label: 'All' },
]

export function ApplicationsSection() {
  const { api } = useServices()
  const [filter, setFilter] = useState<ApplicationStatus | 'all'>('pending')
  const [offset, setOffset] = useState(0)
  const status = filter === 'all' ? undefined : filter
  const list = useQuery(applicationsQuery(api, status, offset))
  return (
    <div className="flex flex-col gap-4">
      <ShowFilter
        options={FILTERS}
        value={filter}
        onChange={(value) => {
          setFilter(value)
          setOffset(0)
        }}
      />
      <Loadable
        query={list}
        empty={(d) => d.results.length === 0}
        emptyText={
          filter === 'pending' ? 'No applications wait for a decision.' : 'No applications.'
        }
      >
        {(data) => (
          <>
            <ul className="flex flex-col gap-3">
              {data.results.map((a) => (
                <ApplicationItem key={a.id} application={a} />
              ))}
            </ul>
            <Pager count={data.count} offset={offset} onOffset={setOffset} />
          </>
        )}
      </Loadable>
    </div>
  )
}

const LINKS: [keyof ApplicationRecord, string][] = [
  ['portfolio_url', 'Portfolio'],
  ['twitter_url', 'X (Twitter)'],
  ['instagram_url', 'Instagram'],
  ['facebook_url', 'Facebook'],
  ['tiktok_url', 'TikTok'],
  ['behance_url', 'Behance'],
]

function ApplicationItem({ application: a }: { application: ApplicationRecord }) {
  const services = useServices()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const detailsId = useId()
  const reasonId = useId()
  const decide = useMutation({
    mutationFn: (accept: boolean) =>
      accept
        ? services.api.acceptApplication({ params: { id: a.id } })
        : services.api.declineApplication({
            params: { id: a.id },
            body: reason.trim() === '' ? {} : { reason: reason.trim() },
          }),
    onSuccess: async (answer) => {
      services.store.set({
        alert: {
          kind: 'success',
          text:
            answer.status === 'accepted'
              ? `${a.name}'s application was accepted: ${shortAddress(a.wallet_address)} is staff.`
              : `${a.name}'s application was declined.`,
        },
      })
      await invalidateConsole(services.queryClient)
    },
  })
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold break-words">
            {a.name}
            {a.alias !== '' && <span className="font-normal text-slate-600"> ({a.alias})</span>}
          </p>
          <p className="text-sm text-slate-600">
            <span title={a.wallet_address}>{shortAddress(a.wallet_address)}</span> · applied{' '}
            {when(a.created_at)} · <span className="font-medium">{a.status}</span>
          </p>
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`${open ? 'Close' : 'Read'} ${a.name}'s application`}
          onClick={() => {
            setOpen(!open)
          }}
        >
          {open ? 'Close' : 'Read'}
        </button>
      </div>
      {open && (
        <div id={detailsId} className="mt-3 flex flex-col gap-3">
          <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-500">Wallet</dt>
            <dd className="break-all">{a.wallet_address}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="break-all">{a.email}</dd>
            <dt className="text-slate-500">About</dt>
            <dd className="whitespace-pre-line break-words">{a.about}</dd>
            {LINKS.filter(([key]) => a[key] !== '').map(([key, label]) => (
              <div key={key} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd className="break-all">
                  {safeHref(String(a[key])) === undefined ? (
                    String(a[key])
                  ) : (
                    <a href={safeHref(String(a[key]))} target="_blank" rel="noopener noreferrer">
                      {String(a[key])}
                    </a>
                  )}
                </dd>
              </div>
            ))}
            {a.decided_at !== null && (
              <>
                <dt className="text-slate-500">Decided</dt>
                <dd className="break-all">
                  {when(a.decided_at)} by {a.decided_by}
                </dd>
              </>
            )}
          </dl>
          {a.status === 'pending' && (
            <div className="flex flex-col gap-2">
              <label htmlFor={reasonId} className="text-sm">
                Reason for declining (optional)
              </label>
              <input
                id={reasonId}
                className={inputClass}
                maxLength={500}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value)
                }}
              />
              {decide.isError && <p role="alert">{consoleMessage(decide.error)}</p>}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClass}
                  disabled={decide.isPending}
                  onClick={() => {
                    decide.mutate(true)
                  }}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={decide.isPending}
                  onClick={() => {
                    decide.mutate(false)
                  }}
                >
                  Decline
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </li>
  )
}
