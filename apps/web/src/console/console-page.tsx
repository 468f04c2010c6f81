/**
 * The staff console at /admin (issue 19): tabs Applications, Staff, Moderation, Subscribers,
 * Operations and Audit log (WAI-ARIA tabs: arrow keys, Home and End move between them; the tab is
 * kept in the address, `?tab=`). Signed-out visitors and accounts that are not staff see why, with
 * the sign-in action; the server checks staff on every request anyway, so what this page shows is
 * only a courtesy.
 */
import { useQuery } from '@tanstack/react-query'
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Spinner } from '../common/components/modal.js'
import { SignInPrompt } from '../common/components/sign-in-prompt.js'
import { useSignedIn } from '../common/state/sign-in.js'
import { useServices } from '../common/state/services.js'
import { ApplicationsSection } from './applications.js'
import { ModerationSection } from './moderation.js'
import { consoleMessage } from './queries.js'
import { AuditSection, OperationsSection, SubscribersSection } from './reports.js'
import { StaffSection } from './staff.js'

const TABS = [
  { id: 'applications', label: 'Applications' },
  { id: 'staff', label: 'Staff' },
  { id: 'moderation', label: 'Moderation' },
  { id: 'subscribers', label: 'Subscribers' },
  { id: 'operations', label: 'Operations' },
  { id: 'audit', label: 'Audit log' },
] as const
type TabId = (typeof TABS)[number]['id']

export function ConsolePage() {
  const { api } = useServices()
  const { signedIn, loading, address } = useSignedIn()
  const me = useQuery({
    queryKey: ['console', 'me', address],
    enabled: signedIn && address !== null,
    queryFn: () => api.getUser({ params: { address: address ?? '' } }),
  })
  let body: ReactNode
  if (loading) body = <Spinner />
  else if (!signedIn || address === null) {
    body = (
      <>
        <p>The staff console is for staff accounts only.</p>
        <SignInPrompt what="the staff console" />
      </>
    )
  } else if (me.isPending) body = <Spinner />
  else if (me.isError) body = <p role="alert">{consoleMessage(me.error)}</p>
  else if (!me.data.is_staff) {
    body = (
      <p role="alert" className="break-words">
        This account ({address}) is not staff: the staff console is for staff accounts only. Sign in
        with a staff account's wallet to use it.
      </p>
    )
  } else body = <ConsoleTabs me={address} />
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Staff console</h1>
      {body}
    </section>
  )
}

function ConsoleTabs({ me }: { me: string }) {
  const [params, setParams] = useSearchParams()
  const asked = params.get('tab')
  const current: TabId = TABS.find((t) => t.id === asked)?.id ?? 'applications'
  const refs = useRef(new Map<TabId, HTMLButtonElement>())
  const select = (id: TabId, focus: boolean) => {
    setParams({ tab: id }, { replace: true })
    if (focus) refs.current.get(id)?.focus()
  }
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === current)
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : undefined
    if (next === undefined) return
    e.preventDefault()
    select(TABS[next].id, true)
  }
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="Console sections"
        // Wrapped, not scrolled: on a phone every section stays in sight (a scrolled row hid
        // "Subscribers" and the rest behind the edge with nothing saying so).
        className="flex flex-wrap gap-x-1 border-b border-slate-200"
        onKeyDown={onKey}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el === null) refs.current.delete(t.id)
              else refs.current.set(t.id, el)
            }}
            type="button"
            role="tab"
            id={`console-tab-${t.id}`}
            aria-selected={t.id === current}
            aria-controls={`console-panel-${t.id}`}
            tabIndex={t.id === current ? 0 : -1}
            className={`shrink-0 border-b-2 px-3 py-2 whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              t.id === current
                ? 'border-indigo-600 font-semibold text-indigo-700'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
            onClick={() => {
              select(t.id, false)
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`console-panel-${current}`}
        aria-labelledby={`console-tab-${current}`}
        tabIndex={0}
      >
        {current === 'applications' && <ApplicationsSection />}
        {current === 'staff' && <StaffSection me={me} />}
        {current === 'moderation' && <ModerationSection />}
        {current === 'subscribers' && <SubscribersSection />}
        {current === 'operations' && <OperationsSection />}
        {current === 'audit' && <AuditSection />}
      </div>
    </div>
  )
}
