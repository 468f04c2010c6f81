/**
 * The keys algod always writes in its JSON answers, by model (see src/http/json-shape.ts):
 * go-algorand v4.7.4-stable's daemon/algod/api/server/v2/generated/model/types.go (fields without
 * `omitempty`) and the pointers its handlers always set (account.go AccountDataToAccount,
 * AssetParamsToAsset, AppParamsToApplication; handlers.go GetStatus, PendingTransactionInformation;
 * utils.go ConvertInnerTxn, convertTxnResult, convertSimulationResult).
 */
import { modelsv2 } from 'algosdk'

import { optional, type Field, type ObjectShape } from '../http/json-shape.js'
import { ACCOUNT_TOTALS, APP_PARAMS, ASSET_PARAMS, SCHEMA, TEAL_KEY_VALUE } from '../http/shapes.js'

const ASSET: ObjectShape = { index: 0, params: ASSET_PARAMS }

const APP: ObjectShape = { id: 0, params: APP_PARAMS }

const LOCAL_STATE: ObjectShape = { id: 0, 'key-value': optional([TEAL_KEY_VALUE]), schema: SCHEMA }
const HOLDING: ObjectShape = { amount: 0, 'asset-id': 0, 'is-frozen': false }

const PARTICIPATION: ObjectShape = {
  'selection-participation-key': '',
  'vote-first-valid': 0,
  'vote-key-dilution': 0,
  'vote-last-valid': 0,
  'vote-participation-key': '',
}

/** GET /v2/accounts/{address}?exclude=all (go's basicAccountInformation). */
export const ACCOUNT_WITHOUT_RESOURCES: ObjectShape = {
  ...ACCOUNT_TOTALS,
  'apps-total-schema': SCHEMA,
  participation: optional(PARTICIPATION),
}

/** GET /v2/accounts/{address} (go's AccountDataToAccount: the four lists are never nil). */
export const ACCOUNT: ObjectShape = {
  ...ACCOUNT_WITHOUT_RESOURCES,
  'apps-local-state': [LOCAL_STATE],
  assets: [HOLDING],
  'created-apps': [APP],
  'created-assets': [ASSET],
}

/** What go's PreEncodedTxInfo always writes once a transaction is confirmed (inner ones too). */
const CONFIRMED_TXN: Record<string, Field> = {
  'asset-closing-amount': 0,
  'close-rewards': 0,
  'closing-amount': 0,
  'pool-error': '',
  'receiver-rewards': 0,
  'sender-rewards': 0,
}
// Inner transactions carry the same fields, to any depth.
CONFIRMED_TXN['inner-txns'] = optional([CONFIRMED_TXN])

/** GET /v2/transactions/pending/{txid}: a transaction still in the pool has only these two. */
const POOLED_TXN: ObjectShape = { 'pool-error': '', txn: {} }

/** The shape of a pending-transaction answer, which depends on whether it was confirmed. */
export function pendingShape(info: modelsv2.PendingTransactionResponse): ObjectShape {
  return info.confirmedRound === undefined ? POOLED_TXN : CONFIRMED_TXN
}

const STATUS: ObjectShape = {
  catchpoint: '',
  'catchpoint-acquired-blocks': 0,
  'catchpoint-processed-accounts': 0,
  'catchpoint-processed-kvs': 0,
  'catchpoint-total-accounts': 0,
  'catchpoint-total-blocks': 0,
  'catchpoint-total-kvs': 0,
  'catchpoint-verified-accounts': 0,
  'catchpoint-verified-kvs': 0,
  'catchup-time': 0,
  'last-catchpoint': '',
  'last-round': 0,
  'last-version': '',
  'next-version': '',
  'next-version-round': 0,
  'next-version-supported': false,
  'stopped-at-unsupported-round': false,
  'time-since-last-round': 0,
}

/** A TealValue as simulate writes it (go's AvmValue: `type` always, 0 for no value). */
const AVM_VALUE: ObjectShape = { type: 0 }

/** go's SimulationOpcodeTraceUnit and the changes it lists. */
const TRACE_UNIT: ObjectShape = {
  pc: 0,
  'scratch-changes': optional([{ slot: 0, 'new-value': AVM_VALUE }]),
  'stack-additions': optional([AVM_VALUE]),
  'state-changes': optional([
    { 'app-state-type': '', key: '', operation: '', 'new-value': optional(AVM_VALUE) },
  ]),
}

/** go's SimulationTransactionExecTrace, inner transactions' to any depth. */
const EXEC_TRACE: Record<string, Field> = {
  'approval-program-trace': optional([TRACE_UNIT]),
  'clear-state-program-trace': optional([TRACE_UNIT]),
  'logic-sig-trace': optional([TRACE_UNIT]),
}
EXEC_TRACE['inner-trace'] = optional([EXEC_TRACE])

/** go's ApplicationKVStorage. */
const KV_STORAGE: ObjectShape = { kvs: [{ key: '', value: AVM_VALUE }] }

/** POST /v2/transactions/simulate: each transaction's result is go's ConvertInnerTxn. */
const SIMULATE: ObjectShape = {
  'initial-states': optional({
    'app-initial-states': optional([
      {
        id: 0,
        'app-boxes': optional(KV_STORAGE),
        'app-globals': optional(KV_STORAGE),
        'app-locals': optional([KV_STORAGE]),
      },
    ]),
  }),
  'last-round': 0,
  'txn-groups': [
    { 'txn-results': [{ 'txn-result': CONFIRMED_TXN, 'exec-trace': optional(EXEC_TRACE) }] },
  ],
  version: 0,
}

/** Shapes by the algosdk model a route answers with (fields without `omitempty`). */
export const ALGOD_SHAPES = new Map<unknown, ObjectShape>([
  [modelsv2.Account, ACCOUNT],
  [modelsv2.Asset, ASSET],
  [modelsv2.Application, APP],
  [
    modelsv2.AccountAssetResponse,
    { round: 0, 'asset-holding': optional(HOLDING), 'created-asset': optional(ASSET_PARAMS) },
  ],
  [
    modelsv2.AccountApplicationResponse,
    { round: 0, 'app-local-state': optional(LOCAL_STATE), 'created-app': optional(APP_PARAMS) },
  ],
  [
    modelsv2.AccountAssetsInformationResponse,
    {
      round: 0,
      'asset-holdings': [{ 'asset-holding': HOLDING, 'asset-params': optional(ASSET_PARAMS) }],
    },
  ],
  [
    modelsv2.AccountApplicationsInformationResponse,
    {
      round: 0,
      'application-resources': [
        { id: 0, 'app-local-state': optional(LOCAL_STATE), params: optional(APP_PARAMS) },
      ],
    },
  ],
  [modelsv2.NodeStatusResponse, STATUS],
  [modelsv2.SimulateResponse, SIMULATE],
  [
    modelsv2.SupplyResponse,
    { current_round: 0, 'online-money': 0, 'online-stake': 0, 'total-money': 0 },
  ],
  [
    modelsv2.TransactionParametersResponse,
    {
      'consensus-version': '',
      fee: 0,
      'genesis-hash': '',
      'genesis-id': '',
      'last-round': 0,
      'min-fee': 0,
    },
  ],
  [modelsv2.BoxesResponse, { boxes: [{ name: '' }] }],
  [modelsv2.Box, { name: '', round: 0, value: '' }],
  [modelsv2.GetBlockTimeStampOffsetResponse, { offset: 0 }],
  [modelsv2.PendingTransactionsResponse, { 'top-transactions': [{}], 'total-transactions': 0 }],
  [modelsv2.BlockTxidsResponse, { blockTxids: [{}] }],
  [
    modelsv2.Version,
    {
      build: {
        branch: '',
        build_number: 0,
        channel: '',
        commit_hash: '',
        major: 0,
        minor: 0,
      },
      genesis_hash_b64: '',
      genesis_id: '',
      versions: [{}],
    },
  ],
])
