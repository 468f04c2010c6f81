/** Opt-ins the flows queue first (docs/product.md §4, "Button flow"), the app close-out and clear. */
import { buildVariant, type BuiltGroup } from '../market/build.js'
import type { ChainParams } from './group.js'

export interface AppOptInInput {
  readonly account: string
  readonly appId: bigint
  readonly params: ChainParams
}

const app = (input: AppOptInInput) => ({
  roles: { user: input.account },
  terms: {},
  appId: input.appId,
  params: input.params,
})

/** [0] appl OptIn: local B becomes the account's bid of record (0 if none). */
export function buildAppOptIn(input: AppOptInInput): BuiltGroup {
  return buildVariant('APP_OPT_IN', 'opt-in', app(input))
}

/** [0] appl CloseOut: only without an open bid. */
export function buildAppCloseOut(input: AppOptInInput): BuiltGroup {
  return buildVariant('CLOSE_OUT', 'close-out', app(input))
}

/** [0] appl ClearState: local state goes whatever happens; the bid's box stays. */
export function buildAppClearState(input: AppOptInInput): BuiltGroup {
  return buildVariant('CLEAR_STATE', 'clear', app(input))
}

export interface AssetOptInInput {
  readonly account: string
  readonly assetId: bigint
  readonly params: ChainParams
}

/** [0] axfer 0 of the asset to oneself. */
export function buildAssetOptIn(input: AssetOptInInput): BuiltGroup {
  return buildVariant('ASSET_OPT_IN', 'asset-opt-in', {
    roles: { user: input.account },
    terms: { assetId: input.assetId },
    params: input.params,
  })
}
