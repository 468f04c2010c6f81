/**
 * Query parameters of the transaction searches, validated as the indexer does
 * (api/converter_utils.go transactionParamsToTransactionFilter, api/handlers.go
 * validateTransactionFilter): format errors first, ids beyond int64 as 404, then every semantic
 * problem gathered into one "invalid input: a, b" message.
 */
import { Address } from 'algosdk'
import { HttpError } from '../http/server.js'
import {
  ERR_BAD_GROUP_ID_LEN,
  ERR_INVALID_ROUND_AND_MIN_MAX,
  ERR_INVALID_ROUND_MIN_MAX,
  ERR_UNABLE_TO_PARSE_ADDRESS,
  ERR_UNABLE_TO_PARSE_BASE64,
  ERR_UNABLE_TO_PARSE_DIGEST,
  ERR_UNKNOWN_ADDRESS_ROLE,
  ERR_UNKNOWN_SIG_TYPE,
  ERR_UNKNOWN_TX_TYPE,
  ERR_VALUE_EXCEEDING_INT64,
  ERR_ZERO_ADDRESS_ASSET_SENDER_ROLE,
  ERR_ZERO_ADDRESS_CLOSE_TO_ROLE,
  ERR_ZERO_ADDRESS_ASSET_CLOSE_TO_ROLE,
  LIMITS,
  MAX_INT64,
  SIG_TYPES,
  TX_TYPES,
} from './messages.js'
import { decodeTxnNext } from './next-token.js'
import { type Query, rejectBeyondInt64, tryParseAddress } from './query.js'
import { ROLE, type TxnFilter } from './txn-search.js'

/** Parameters each endpoint defines; any other is ignored. */
type TxnParam =
  'address' | 'address-role' | 'exclude-close-to' | 'application-id' | 'asset-id' | 'group-id'

export interface TxnParamsContext {
  /** Optional parameters this endpoint takes besides the common ones. */
  readonly accepts: readonly TxnParam[]
  /** Fixed by the path: /v2/accounts/{address}/transactions, /v2/assets/{id}/transactions. */
  readonly address?: string
  readonly assetId?: bigint
}

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const BASE32_NO_PAD = /^[A-Z2-7]*$/

/** Go's base64.StdEncoding: padded, no whitespace. */
export function strictBase64(value: string): Uint8Array | undefined {
  return STRICT_BASE64.test(value) ? Uint8Array.from(Buffer.from(value, 'base64')) : undefined
}

function validBase32Digest(value: string): boolean {
  // base32.StdEncoding.WithPadding(NoPadding): lengths 1, 3 and 6 (mod 8) are never produced.
  return BASE32_NO_PAD.test(value) && ![1, 3, 6].includes(value.length % 8)
}

function roleBits(role: string, excludeCloseTo: boolean): number {
  if (role === 'sender') return ROLE.sender | ROLE.assetSender
  if (role === 'receiver') {
    const base = ROLE.receiver | ROLE.assetReceiver
    return excludeCloseTo ? base : base | ROLE.closeRemainderTo | ROLE.assetCloseTo
  }
  return ROLE.freeze
}

export function parseTxnFilter(q: Query, ctx: TxnParamsContext): TxnFilter {
  const accepts = (p: TxnParam): boolean => ctx.accepts.includes(p)
  // Binding (format) errors come first, parameter by parameter.
  const limit = q.limit(LIMITS.transactions)
  const next = q.str('next')
  const notePrefix = q.str('note-prefix')
  const txType = q.str('tx-type')
  const sigType = q.str('sig-type')
  const txid = q.str('txid')
  const round = q.uint('round')
  const minRound = q.uint('min-round')
  const maxRound = q.uint('max-round')
  const assetId = ctx.assetId ?? (accepts('asset-id') ? q.uint('asset-id') : undefined)
  const beforeTime = q.dateTime('before-time')
  const afterTime = q.dateTime('after-time')
  const currencyGT = q.uint('currency-greater-than')
  const currencyLT = q.uint('currency-less-than')
  const addressText = ctx.address ?? (accepts('address') ? q.str('address') : undefined)
  const role = accepts('address-role') ? q.str('address-role') : undefined
  const excludeCloseTo = accepts('exclude-close-to') ? q.bool('exclude-close-to') : undefined
  const rekeyTo = q.bool('rekey-to')
  const applicationId = accepts('application-id') ? q.uint('application-id') : undefined
  const groupId = accepts('group-id') ? q.str('group-id') : undefined

  rejectBeyondInt64(assetId, applicationId, round)

  const errors: string[] = []
  const filter: TxnFilter = { addressRole: 0, limit }
  if (role !== undefined) {
    const lc = role.toLowerCase()
    if (lc === 'sender' || lc === 'receiver' || lc === 'freeze-target') {
      filter.addressRole = roleBits(lc, excludeCloseTo ?? false)
    } else {
      errors.push(`${ERR_UNKNOWN_ADDRESS_ROLE}: '${lc}'`)
    }
  }
  if (addressText !== undefined) {
    const parsed = tryParseAddress(addressText)
    if (parsed instanceof Address) filter.address = parsed
    else errors.push(`${ERR_UNABLE_TO_PARSE_ADDRESS}: ${parsed}`)
  }
  if (txid !== undefined) {
    if (validBase32Digest(txid)) filter.txid = txid
    else errors.push(`${ERR_UNABLE_TO_PARSE_DIGEST} 'txid': illegal base32 data`)
  }
  if (notePrefix !== undefined) {
    const bytes = strictBase64(notePrefix)
    if (bytes === undefined) errors.push(`${ERR_UNABLE_TO_PARSE_BASE64}: 'note-prefix'`)
    else if (bytes.length > 0) filter.notePrefix = bytes
  }
  if (groupId !== undefined) {
    const bytes = strictBase64(groupId)
    if (bytes === undefined) errors.push(`${ERR_UNABLE_TO_PARSE_BASE64}: 'group-id'`)
    else if (bytes.length !== 32) errors.push(`${ERR_BAD_GROUP_ID_LEN}: 'group-id'`)
    else filter.groupId = bytes
  }
  if (sigType !== undefined) {
    if ((SIG_TYPES as readonly string[]).includes(sigType)) filter.sigType = sigType
    else errors.push(`${ERR_UNKNOWN_SIG_TYPE}: '${sigType.toLowerCase()}'`)
  }
  if (txType !== undefined) {
    const lc = txType.toLowerCase()
    if ((TX_TYPES as readonly string[]).includes(lc)) filter.txType = lc
    else errors.push(`${ERR_UNKNOWN_TX_TYPE}: '${lc}'`)
  }
  if (errors.length > 0) throw new HttpError(400, `invalid input: ${errors.join(', ')}`)

  // validateTransactionFilter
  const tooBig = (v: bigint | undefined): boolean => v !== undefined && v > MAX_INT64
  if (tooBig(minRound) || tooBig(maxRound)) errors.push(ERR_VALUE_EXCEEDING_INT64)
  if (tooBig(currencyGT) || tooBig(currencyLT)) errors.push(ERR_VALUE_EXCEEDING_INT64)
  const min = minRound ?? 0n
  const max = maxRound ?? 0n
  if (round !== undefined && (min !== 0n || max !== 0n)) errors.push(ERR_INVALID_ROUND_AND_MIN_MAX)
  if (round === undefined && min !== 0n && max !== 0n && min > max) {
    errors.push(ERR_INVALID_ROUND_MIN_MAX)
  }
  if (filter.address !== undefined && filter.address.publicKey.every((b) => b === 0)) {
    if (filter.addressRole & ROLE.closeRemainderTo) errors.push(ERR_ZERO_ADDRESS_CLOSE_TO_ROLE)
    if (filter.addressRole & ROLE.assetSender) errors.push(ERR_ZERO_ADDRESS_ASSET_SENDER_ROLE)
    if (filter.addressRole & ROLE.assetCloseTo) errors.push(ERR_ZERO_ADDRESS_ASSET_CLOSE_TO_ROLE)
  }
  if (assetId !== undefined && applicationId !== undefined && assetId !== applicationId) {
    errors.push('cannot search both assetid and appid')
  }
  if (errors.length > 0) throw new HttpError(400, `invalid input: ${errors.join(', ')}`)

  const toRound = (v: bigint): number => Number(v)
  if (round !== undefined) {
    filter.minRound = toRound(round)
    filter.maxRound = toRound(round)
  } else {
    if (min !== 0n) filter.minRound = toRound(min)
    if (max !== 0n) filter.maxRound = toRound(max)
  }
  if (beforeTime !== undefined) filter.beforeTime = beforeTime
  if (afterTime !== undefined) filter.afterTime = afterTime
  filter.creatable = assetId ?? applicationId
  // Amounts are asset amounts when searching an asset or asset transfers, algos otherwise.
  if (assetId !== undefined || filter.txType === 'axfer') {
    filter.assetAmountGT = currencyGT
    filter.assetAmountLT = currencyLT
  } else {
    filter.algosGT = currencyGT
    filter.algosLT = currencyLT
  }
  if (rekeyTo !== undefined) filter.rekeyTo = rekeyTo
  if (next !== undefined) filter.next = decodeTxnNext(next)
  return filter
}
