/**
 * The keys the indexer always writes in its JSON answers, by model (see src/http/json-shape.ts):
 * algorand/indexer v3.9.0's api/generated/v2/types.go (fields without `omitempty`), the pointers
 * api/converter_utils.go (signedTxnWithAdToTransaction, txnRowToTransaction) always sets, and the
 * NOT NULL columns idb/postgres (postgres.go, schema/setup_postgres.sql) turns into `deleted`,
 * `created-at-round` and `opted-in-at-round`.
 */
import { indexerModels as im } from 'algosdk'

import { optional, type Field, type ObjectShape } from '../http/json-shape.js'
import { ACCOUNT_TOTALS, APP_PARAMS, ASSET_PARAMS, SCHEMA, TEAL_KEY_VALUE } from '../http/shapes.js'

const ASSET: ObjectShape = { index: 0, 'created-at-round': 0, deleted: false, params: ASSET_PARAMS }

const APP: ObjectShape = { id: 0, 'created-at-round': 0, deleted: false, params: APP_PARAMS }

const HOLDING: ObjectShape = {
  amount: 0,
  'asset-id': 0,
  deleted: false,
  'is-frozen': false,
  'opted-in-at-round': 0,
}
const LOCAL_STATE: ObjectShape = {
  id: 0,
  deleted: false,
  'key-value': optional([TEAL_KEY_VALUE]),
  'opted-in-at-round': 0,
  schema: SCHEMA,
}

/** The resource lists are written only when the account has some (postgres.go). */
const ACCOUNT: ObjectShape = {
  ...ACCOUNT_TOTALS,
  'apps-local-state': optional([LOCAL_STATE]),
  assets: optional([HOLDING]),
  'created-apps': optional([APP]),
  'created-assets': optional([ASSET]),
  'created-at-round': 0,
  deleted: false,
  participation: optional({ 'vote-first-valid': 0, 'vote-key-dilution': 0, 'vote-last-valid': 0 }),
  'total-box-bytes': 0,
  'total-boxes': 0,
}

/** An inner transaction: what signedTxnWithAdToTransaction always sets. */
const INNER_TXN: Record<string, Field> = {
  'application-transaction': optional({
    access: [{}],
    accounts: [{}],
    'application-args': [{}],
    'application-id': 0,
    'box-references': [{ app: 0, name: '' }],
    'foreign-apps': [{}],
    'foreign-assets': [{}],
    'global-state-schema': SCHEMA,
    'local-state-schema': SCHEMA,
    'on-completion': '',
  }),
  'asset-config-transaction': optional({ 'asset-id': 0, params: optional(ASSET_PARAMS) }),
  'asset-freeze-transaction': optional({ address: '', 'asset-id': 0, 'new-freeze-status': false }),
  'asset-transfer-transaction': optional({
    amount: 0,
    'asset-id': 0,
    'close-amount': 0,
    receiver: '',
  }),
  'close-rewards': 0,
  'closing-amount': 0,
  'confirmed-round': 0,
  fee: 0,
  'first-valid': 0,
  'intra-round-offset': 0,
  'keyreg-transaction': optional({
    'non-participation': false,
    'vote-first-valid': 0,
    'vote-key-dilution': 0,
    'vote-last-valid': 0,
  }),
  'last-valid': 0,
  'payment-transaction': optional({ amount: 0, 'close-amount': 0, receiver: '' }),
  'receiver-rewards': 0,
  'round-time': 0,
  sender: '',
  'sender-rewards': 0,
  'tx-type': '',
}
INNER_TXN['inner-txns'] = optional([INNER_TXN])

/** A transaction as a search or lookup returns it: txnRowToTransaction adds id and signature. */
const TXN: ObjectShape = { ...INNER_TXN, id: '', signature: {} }

const ROUND = { 'current-round': 0 }

/** Shapes by the algosdk model a route answers with. */
export const INDEXER_SHAPES = new Map<unknown, ObjectShape>([
  [im.AccountResponse, { ...ROUND, account: ACCOUNT }],
  [im.AccountsResponse, { ...ROUND, accounts: [ACCOUNT] }],
  [im.AssetResponse, { ...ROUND, asset: ASSET }],
  [im.AssetsResponse, { ...ROUND, assets: [ASSET] }],
  [im.ApplicationResponse, { ...ROUND, application: optional(APP) }],
  [im.ApplicationsResponse, { ...ROUND, applications: [APP] }],
  [im.AssetHoldingsResponse, { ...ROUND, assets: [HOLDING] }],
  [im.ApplicationLocalStatesResponse, { ...ROUND, 'apps-local-states': [LOCAL_STATE] }],
  [
    im.AssetBalancesResponse,
    { ...ROUND, balances: [{ address: '', amount: 0, 'is-frozen': false }] },
  ],
  [im.TransactionResponse, { ...ROUND, transaction: TXN }],
  [im.TransactionsResponse, { ...ROUND, transactions: [TXN] }],
  [
    im.HealthCheck,
    { 'db-available': false, 'is-migrating': false, message: '', round: 0, version: '' },
  ],
])
