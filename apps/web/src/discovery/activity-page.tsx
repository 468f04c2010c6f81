/**
 * The market's activity, `/activity?type=…` (docs/product.md §11): newest first, filterable by
 * type (kept in the URL), more rows by cursor.
 */
import { useInfiniteQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { ACTIVITY_TYPES, ActivityType } from '@unica/schemas'
import { Spinner, inputClass, secondaryButtonClass } from '../common/components/modal.js'
import { MESSAGES } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { ActivityTable } from './activity-table.js'
import { ACTIVITY_FILTER_LABELS } from './activity-words.js'
import { activityQuery } from './queries.js'

export function ActivityPage() {
  const { api } = useServices()
  const [params, setParams] = useSearchParams()
  const parsed = ActivityType.safeParse(params.get('type'))
  const type = parsed.success ? parsed.data : undefined
  const feed = useInfiniteQuery(activityQuery(api, type))
  const items = feed.data?.pages.flatMap((p) => p.results) ?? []

  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold">Activity</h1>
      <label className="mb-6 flex max-w-xs flex-col text-sm">
        Show
        <select
          className={inputClass}
          value={type ?? ''}
          onChange={(e) => {
            const next = new URLSearchParams(params)
            if (e.target.value === '') next.delete('type')
            else next.set('type', e.target.value)
            setParams(next)
          }}
        >
          <option value="">All activity</option>
          {ACTIVITY_TYPES.map((t) => (
            <option key={t} value={t}>
              {ACTIVITY_FILTER_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      {feed.isPending ? (
        <Spinner />
      ) : feed.isError ? (
        <p role="alert">{MESSAGES.apiGet}</p>
      ) : items.length === 0 ? (
        <p>No activity yet.</p>
      ) : (
        <>
          <ActivityTable items={items} />
          {feed.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={feed.isFetchingNextPage}
                onClick={() => {
                  void feed.fetchNextPage()
                }}
              >
                {feed.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  )
}
