/**
 * What a page shows while its data loads: a spinner, the API's failure message, then the data.
 * One place for the loading and error states every data-backed section has.
 */
import type { ReactNode } from 'react'
import { MESSAGES } from '../lib/errors.js'
import { Spinner } from './modal.js'

export function Loaded<T>({
  query,
  children,
  failure = () => MESSAGES.apiGet,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined }
  children: (data: T) => ReactNode
  /** The failure's message (default: the API read error of docs/product.md §8). */
  failure?: (error: unknown) => string
  /** When the data is empty, this text instead of `children`. */
  empty?: { readonly when: (data: T) => boolean; readonly text: string }
}) {
  if (query.isPending) return <Spinner />
  if (query.isError || query.data === undefined) return <p role="alert">{failure(query.error)}</p>
  if (empty?.when(query.data) === true) return <p className="text-slate-600">{empty.text}</p>
  return children(query.data)
}
