/**
 * Moderation: find a piece (search, or paste its guid or page address), hide it with a reason,
 * and the hidden list with Unhide. Hiding takes it out of every public list and search; its
 * contract and its own page stay, and the page says why.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { REASON_MAX, type Asset } from '@unica/schemas'
import { useId, useState, type SyntheticEvent } from 'react'
import { Link } from 'react-router'
import { buttonClass, inputClass, secondaryButtonClass } from '../common/components/modal.js'
import { paths } from '../common/routing/paths.js'
import { useServices } from '../common/state/services.js'
import { Loadable, Pager } from './parts.js'
import { consoleMessage, hiddenQuery, invalidateConsole, when } from './queries.js'

/** A guid typed or pasted alone, or inside a piece's page address (/nft/GUID). */
const GUID = /(?:^|\/nft\/)([0-9a-fA-F-]{32,36})\/?$/

export function ModerationSection() {
  const { api } = useServices()
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  const [offset, setOffset] = useState(0)
  const searchId = useId()
  const found = useQuery({
    queryKey: ['console', 'find', query],
    enabled: query !== '',
    queryFn: async (): Promise<Asset[]> => {
      const guid = GUID.exec(query)?.[1]
      if (guid !== undefined) return [await api.getAsset({ params: { guid } })]
      return (await api.search({ query: { q: query, limit: 10 } })).results
    },
  })
  const hidden = useQuery(hiddenQuery(api, offset))
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    setQuery(text.trim())
  }
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3" aria-labelledby={`${searchId}-h`}>
        <h3 id={`${searchId}-h`} className="text-lg font-semibold">
          Hide a piece
        </h3>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex grow flex-col gap-1">
            <label htmlFor={searchId}>Find a piece by name, creator, guid or page address</label>
            <input
              id={searchId}
              type="search"
              className={inputClass}
              value={text}
              onChange={(e) => {
                setText(e.target.value)
              }}
            />
          </div>
          <button type="submit" className={buttonClass} disabled={text.trim() === ''}>
            Find
          </button>
        </form>
        {query !== '' && (
          <Loadable
            query={found}
            empty={(d) => d.length === 0}
            emptyText="No listed piece matches. (Hidden pieces are in the list below.)"
          >
            {(assets) => (
              <ul className="flex flex-col gap-3">
                {assets.map((a) => (
                  <FoundPiece key={a.guid} asset={a} />
                ))}
              </ul>
            )}
          </Loadable>
        )}
      </section>
      <section className="flex flex-col gap-3" aria-labelledby={`${searchId}-hidden`}>
        <h3 id={`${searchId}-hidden`} className="text-lg font-semibold">
          Hidden pieces
        </h3>
        <Loadable
          query={hidden}
          empty={(d) => d.results.length === 0}
          emptyText="No piece is hidden."
        >
          {(data) => (
            <>
              <ul className="flex flex-col gap-3">
                {data.results.map((h) => (
                  <HiddenPiece
                    key={h.asset.guid}
                    asset={h.asset}
                    reason={h.reason}
                    at={h.hidden_at}
                    by={h.hidden_by}
                  />
                ))}
              </ul>
              <Pager count={data.count} offset={offset} onOffset={setOffset} />
            </>
          )}
        </Loadable>
      </section>
    </div>
  )
}

function FoundPiece({ asset }: { asset: Asset }) {
  const services = useServices()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const reasonId = useId()
  const hide = useMutation({
    mutationFn: (why: string) =>
      services.api.hideAsset({ params: { guid: asset.guid }, body: { reason: why } }),
    onSuccess: async () => {
      setReason('')
      services.store.set({ alert: { kind: 'success', text: `${asset.name} is hidden.` } })
      await invalidateConsole(services.queryClient)
      await services.queryClient.invalidateQueries()
    },
  })
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    const why = reason.trim()
    setMissing(why === '')
    if (why !== '') hide.mutate(why)
  }
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <p className="font-semibold break-words">
        <Link to={paths.asset(asset.guid)}>{asset.name}</Link>{' '}
        <span className="font-normal text-slate-600">({asset.unit_name})</span>
      </p>
      <form onSubmit={submit} className="mt-2 flex flex-col gap-2" noValidate>
        <label htmlFor={reasonId} className="text-sm">
          Reason (shown on the piece's page; required)
        </label>
        <textarea
          id={reasonId}
          className={inputClass}
          rows={2}
          maxLength={REASON_MAX}
          value={reason}
          aria-invalid={missing}
          onChange={(e) => {
            setReason(e.target.value)
          }}
        />
        <p className="text-xs text-slate-500">
          {reason.length} / {REASON_MAX}
        </p>
        {missing && <p role="alert">A reason is required.</p>}
        {hide.isError && <p role="alert">{consoleMessage(hide.error)}</p>}
        <div>
          <button type="submit" className={buttonClass} disabled={hide.isPending}>
            Hide {asset.name}
          </button>
        </div>
      </form>
    </li>
  )
}

function HiddenPiece(props: { asset: Asset; reason: string; at: string; by: string }) {
  const services = useServices()
  const unhide = useMutation({
    mutationFn: () => services.api.unhideAsset({ params: { guid: props.asset.guid } }),
    onSuccess: async () => {
      services.store.set({
        alert: { kind: 'success', text: `${props.asset.name} is shown again.` },
      })
      await services.queryClient.invalidateQueries()
    },
  })
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-slate-200 p-3">
      <div className="min-w-0">
        <p className="font-semibold break-words">
          <Link to={paths.asset(props.asset.guid)}>{props.asset.name}</Link>
        </p>
        <p className="text-sm break-words">{props.reason}</p>
        <p className="text-xs break-all text-slate-500">
          Hidden {when(props.at)} by {props.by}
        </p>
        {unhide.isError && <p role="alert">{consoleMessage(unhide.error)}</p>}
      </div>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={unhide.isPending}
        aria-label={`Unhide ${props.asset.name}`}
        onClick={() => {
          unhide.mutate()
        }}
      >
        Unhide
      </button>
    </li>
  )
}
