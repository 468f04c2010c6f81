/**
 * What a route shows when it fails to render (every route's error element, app.tsx), instead of
 * the router's developer screen. A screen whose code failed to load (a tab older than the last
 * deploy asks for chunks that no longer exist, or the network dropped) reloads the page once; a
 * second failure soon after, or any other error, says what happened and offers Reload and Home.
 */
import { useEffect } from 'react'
import { Link, useRouteError } from 'react-router'
import { paths } from '../routing/paths.js'
import { buttonClass, secondaryButtonClass } from './modal.js'

/** sessionStorage key: when this tab last reloaded for a chunk that failed to load. */
export const CHUNK_RELOAD_KEY = 'unica:chunk-reload'
/** A second failure within this time shows the page instead of reloading again (no loop). */
const RELOAD_GUARD_MS = 60_000

/** Chromium, Firefox and Safari's words for a failed dynamic import, and Vite's for its CSS. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  )
}

/** Reloads once per RELOAD_GUARD_MS; false when it reloaded just now and must not again. */
export function reloadForChunk(storage: Storage, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? '0')
  if (now - last < RELOAD_GUARD_MS) return false
  storage.setItem(CHUNK_RELOAD_KEY, String(now))
  reload()
  return true
}

export function RouteError() {
  const error = useRouteError()
  const chunk = isChunkLoadError(error)
  const reloading =
    chunk &&
    typeof window !== 'undefined' &&
    Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? '0') < Date.now() - RELOAD_GUARD_MS
  useEffect(() => {
    if (reloading) {
      reloadForChunk(sessionStorage, Date.now(), () => {
        window.location.reload()
      })
    }
  }, [reloading])
  if (reloading) return <p role="status">Loading the latest version…</p>
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col gap-4 py-8">
      <h1 className="text-2xl font-semibold">
        {chunk ? 'This page could not load' : 'Something went wrong on this page'}
      </h1>
      <p>
        {chunk
          ? 'Part of the app did not arrive: the network dropped, or Unica was updated since this tab opened. Reloading usually fixes it.'
          : 'An unexpected error stopped this page. Reloading may fix it; your wallet and funds are not affected.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={() => {
            window.location.reload()
          }}
        >
          Reload
        </button>
        <Link to={paths.home} reloadDocument className={secondaryButtonClass}>
          Home
        </Link>
      </div>
    </section>
  )
}
