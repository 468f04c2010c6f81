/**
 * The backend endpoints of docs/product.md §7, typed with @unica/schemas, plus the query keys and
 * options TanStack Query uses for them. The spec's `update` event is `invalidateMarket`.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import {
  Asset,
  Operation,
  OperationStatus,
  Page,
  SendTxAnswer,
  User,
  type AssetListQuery,
  type TradeOperation,
} from '@unica/schemas'
import { z } from 'zod'
import type { Api, Query } from './api.js'

const AssetPage = Page(Asset)
const OperationPage = Page(Operation)
const Anything = { parse: (d: unknown) => d }
const FieldErrorMap = z.record(z.string(), z.union([z.array(z.string()), z.string()]))

/** List filters as the URL takes them (ids as comma-separated strings). */
export type AssetFilters = Omit<
  Partial<Record<keyof AssetListQuery, string>>,
  'asset_id__in' | 'application_id__in'
> & {
  asset_id__in?: readonly string[]
  application_id__in?: readonly string[]
}

export const keys = {
  assets: (filters: AssetFilters) => ['assets', filters] as const,
  asset: (guid: string) => ['asset', guid] as const,
  operations: (guid: string) => ['operations', guid] as const,
  user: (address: string) => ['user', address] as const,
}

export function assetsQuery(api: Api, filters: AssetFilters) {
  return queryOptions({
    queryKey: keys.assets(filters),
    queryFn: () => api.get('/api/assets/', AssetPage, filters as Query),
  })
}

/**
 * An open asset page refreshes its details and transaction table this often (while the tab is
 * visible): trades by others, and the chain follower recording a call a moment after our own
 * verification passed, show up without a reload.
 */
export const DETAILS_REFRESH_MS = 10_000

export function assetQuery(api: Api, guid: string) {
  return queryOptions({
    queryKey: keys.asset(guid),
    queryFn: () => api.get(`/api/assets/${encodeURIComponent(guid)}/`, Asset),
    retry: false,
    refetchInterval: DETAILS_REFRESH_MS,
  })
}

export function operationsQuery(api: Api, guid: string) {
  return queryOptions({
    queryKey: keys.operations(guid),
    queryFn: () => api.get('/api/operations/', OperationPage, { asset__guid: guid, limit: 100 }),
    refetchInterval: DETAILS_REFRESH_MS,
  })
}

export function userQuery(api: Api, address: string) {
  return queryOptions({
    queryKey: keys.user(address),
    queryFn: () => api.get(`/api/users/${encodeURIComponent(address)}/`, User),
  })
}

/** The spec's `update` event: lists, details and the transaction table refresh. */
export async function invalidateMarket(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['assets'] }),
    client.invalidateQueries({ queryKey: ['asset'] }),
    client.invalidateQueries({ queryKey: ['operations'] }),
  ])
}

export function getOperation(api: Api, id: string) {
  return api.get(`/api/operations/${encodeURIComponent(id)}`, OperationStatus)
}

export function sendTx(api: Api, blob: string, operation: TradeOperation) {
  return api.post('/api/operations/send_tx/', { blob, operation }, SendTxAnswer, { retry: true })
}

export function validateAsset(api: Api, form: FormData) {
  return api.post('/api/assets/validate_asset/', form, FieldErrorMap)
}

export function submitAsset(api: Api, form: FormData) {
  return api.post('/api/assets/submit_asset/', form, Asset, { retry: true })
}

export function submitContract(api: Api, appId: bigint, txId: string) {
  const body = { app_id: appId.toString(), tx_id: txId }
  return api.post('/api/contracts/submit_contract/', body, Anything, { retry: true })
}

export function submitConfiguration(api: Api, appId: bigint, txId: string) {
  const body = { app_id: appId.toString(), tx_id: txId }
  return api.post('/api/contracts/submit_configuration/', body, Anything, { retry: true })
}

export function subscribeNewsletter(api: Api, email: string) {
  return api.post('/api/users/submit_newsletter_subscription/', { email }, Anything)
}

export function applyCreator(api: Api, body: Record<string, string>) {
  return api.post('/api/users/submit_creator_application/', body, Anything)
}
