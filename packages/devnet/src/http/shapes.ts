/**
 * The shapes (see src/http/json-shape.ts) algod and the indexer share: the parts of an account,
 * an asset and an application both write alike, since go-algorand's model/types.go and the
 * indexer's api/generated/v2/types.go declare them with the same always-written fields.
 */
import { optional, type ObjectShape } from './json-shape.js'

export const SCHEMA: ObjectShape = { 'num-byte-slice': 0, 'num-uint': 0 }
export const TEAL_KEY_VALUE: ObjectShape = { key: '', value: { bytes: '', type: 0, uint: 0 } }

export const ASSET_PARAMS: ObjectShape = {
  creator: '',
  decimals: 0,
  'default-frozen': false,
  total: 0,
}

export const APP_PARAMS: ObjectShape = {
  'approval-program': '',
  'clear-state-program': '',
  creator: '',
  'global-state': optional([TEAL_KEY_VALUE]),
  'global-state-schema': SCHEMA,
  'local-state-schema': SCHEMA,
}

/** The account fields both write whatever their value (algod adds its own, the indexer its). */
export const ACCOUNT_TOTALS: ObjectShape = {
  address: '',
  amount: 0,
  'amount-without-pending-rewards': 0,
  'min-balance': 0,
  'pending-rewards': 0,
  'reward-base': 0,
  rewards: 0,
  round: 0,
  status: '',
  'total-apps-opted-in': 0,
  'total-assets-opted-in': 0,
  'total-created-apps': 0,
  'total-created-assets': 0,
}
