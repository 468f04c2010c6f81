/**
 * The bell (docs/product.md §12): shown to a signed-in account, with its unread
 * count; it opens the latest notifications, each leading to its piece (and marked read), and
 * "Mark all read". The live stream refreshes it (common/state/live.ts).
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { notificationText as notificationKindText, type Notification } from '@unica/schemas'
import { Spinner } from '../common/components/modal.js'
import { formatUnits } from '../common/lib/format.js'
import { userMessage } from '../common/lib/errors.js'
import { paths } from '../common/routing/paths.js'
import { useServices } from '../common/state/services.js'
import { notificationsQuery, personalKeys } from '../common/lib/personal-queries.js'
import { useSignedIn } from '../common/state/sign-in.js'

export function notificationText(n: Notification, decimals: number): string {
  return notificationKindText(
    n.kind,
    n.asset_name,
    `${formatUnits(BigInt(n.value), decimals)} USDC`,
  )
}

export function NotificationBell() {
  const services = useServices()
  const { signedIn } = useSignedIn()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const list = useQuery({ ...notificationsQuery(services.api), enabled: signedIn })
  const refresh = () =>
    services.queryClient.invalidateQueries({ queryKey: personalKeys.notifications })
  const readOne = useMutation({
    mutationFn: (id: string) => services.api.readNotification({ params: { id } }),
    onSettled: refresh,
  })
  const readAll = useMutation({
    mutationFn: () => services.api.readAllNotifications(),
    onSettled: refresh,
  })

  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => {
      document.removeEventListener('mousedown', close)
    }
  }, [open])

  if (!signedIn) return null
  const unread = list.data?.unread ?? 0
  return (
    // Not positioned itself: the panel aligns with the header's right edge (layout.tsx), not the
    // bell's, which sits left of the account button and would push a phone's panel off screen.
    <div
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false)
      }}
    >
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Notifications, ${String(unread)} unread`}
        className="relative rounded-full p-2 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        onClick={() => {
          setOpen((o) => !o)
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label="Notifications"
          className="absolute right-0 top-full z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-md border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
            <h2 className="font-semibold">Notifications</h2>
            <button
              type="button"
              className="text-sm text-indigo-700 hover:underline disabled:opacity-50"
              disabled={unread === 0 || readAll.isPending}
              onClick={() => {
                readAll.mutate()
              }}
            >
              Mark all read
            </button>
          </div>
          {list.isPending ? (
            <Spinner />
          ) : list.isError ? (
            <p role="alert" className="p-3">
              {userMessage(list.error)}
            </p>
          ) : list.data.results.length === 0 ? (
            <p className="p-3 text-slate-600">No notifications yet.</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {list.data.results.map((n) => (
                <li key={n.id} className={n.read ? '' : 'bg-indigo-50'}>
                  <Link
                    to={paths.asset(n.guid)}
                    className="block px-3 py-2 text-sm hover:bg-slate-100 focus:bg-slate-100"
                    onClick={() => {
                      if (!n.read) readOne.mutate(n.id)
                      setOpen(false)
                    }}
                  >
                    {!n.read && <span className="sr-only">Unread: </span>}
                    {notificationText(n, services.config.usdcDecimals)}
                    <span className="block text-xs text-slate-500">
                      {new Date(n.created_at).toLocaleString()}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
