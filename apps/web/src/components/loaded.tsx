/**
 * What a page shows while its data loads: a spinner, the API's failure message, then the data.
 * One place for the loading and error states every data-backed section has.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { MESSAGES } from '../lib/errors.js'
import { Spinner } from './modal.js'

export function Loaded<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <Spinner />
  if (query.isError) return <p role="alert">{MESSAGES.apiGet}</p>
  return children(query.data)
}
