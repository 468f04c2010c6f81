/**
 * Transaction routes: submit a signed group, look up a pending (or recently confirmed)
 * transaction, list the pool, and simulate. Texts and status codes follow go-algorand's
 * daemon/algod/api/server/v2/handlers.go (RawTransaction, PendingTransactionInformation,
 * getPendingTransactions, SimulateTransaction).
 */
import {
  decodeJSON,
  decodeMsgpack,
  modelsv2,
  type SignedTransaction,
  type Transaction,
} from 'algosdk'
import type { FastifyInstance } from 'fastify'

import { SimulateRequestError } from '../chain/index.js'
import { HttpError } from '../http/server.js'
import type { AlgodContext } from './context.js'
import {
  optionalUint64,
  parseAddress,
  parseFormat,
  parseTxid,
  type Format,
  type Query,
} from './params.js'
import { sendModel } from './respond.js'
import { pendingShape } from './shapes.js'
import { decodeTxGroup } from './txgroup-decode.js'

/** MaxTxGroupSize (consensus v18 onwards). */
const MAX_GROUP_SIZE = 16
/** algod's MaxSimulateBytes. */
const MAX_SIMULATE_BYTES = 1_000_000
/** The most pool entries one answer lists: keeps a `max=2^64-1` request bounded. */
const MAX_PENDING_LIST = 100_000

/**
 * Bodies reach routes as Node Buffers (see index.ts), or not at all when the request had none.
 * They are handed on as plain Uint8Array views of the same memory: algosdk's decoders keep the
 * byte arrays they read as views of their input, and some of its constructors (LogicSig's args)
 * refuse anything whose constructor is not Uint8Array itself.
 */
export function bodyBytes(body: unknown): Uint8Array {
  if (!(body instanceof Uint8Array)) return new Uint8Array(0)
  return body.constructor === Uint8Array
    ? body
    : new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
}

/** go's Transaction.MatchAddress: the addresses a transaction concerns. */
function concerns(txn: Transaction, address: string): boolean {
  const candidates = [
    txn.sender,
    txn.payment?.receiver,
    txn.payment?.closeRemainderTo,
    txn.assetTransfer?.assetSender,
    txn.assetTransfer?.receiver,
    txn.assetTransfer?.closeRemainderTo,
    txn.assetFreeze?.freezeAccount,
  ]
  return candidates.some((c) => c?.toString() === address)
}

function pendingList(
  ctx: AlgodContext,
  query: Query,
  address: string | undefined,
): modelsv2.PendingTransactionsResponse {
  const requested = optionalUint64(query, 'max') ?? 0n
  const max =
    requested === 0n || requested > MAX_PENDING_LIST ? MAX_PENDING_LIST : Number(requested)
  if (address === undefined) return ctx.chain.pendingList(max)
  const all = ctx.chain.pendingList(MAX_PENDING_LIST)
  const matching: SignedTransaction[] = all.topTransactions
    .filter((stxn) => concerns(stxn.txn, address))
    .slice(0, max)
  return new modelsv2.PendingTransactionsResponse({
    topTransactions: matching,
    totalTransactions: all.totalTransactions,
  })
}

/** A simulate request, msgpack first and JSON if that fails, as algod tries them. */
function decodeSimulateRequest(body: Uint8Array): modelsv2.SimulateRequest {
  try {
    return decodeMsgpack(body, modelsv2.SimulateRequest)
  } catch (msgpackError) {
    try {
      return decodeJSON(new TextDecoder().decode(body), modelsv2.SimulateRequest)
    } catch {
      const reason = msgpackError instanceof Error ? msgpackError.message : String(msgpackError)
      throw new HttpError(400, reason)
    }
  }
}

export function transactionRoutes(app: FastifyInstance, ctx: AlgodContext): void {
  const { chain } = ctx

  app.post('/v2/transactions', async (req, reply) => {
    const group = decodeTxGroup(bodyBytes(req.body), MAX_GROUP_SIZE)
    const result = await chain.submitAsync(group)
    if (!result.ok) throw new HttpError(400, result.rejection.message)
    // For backwards compatibility algod answers with the first transaction's id.
    return sendModel(reply, new modelsv2.PostTransactionsResponse({ txid: result.txids[0] }))
  })

  app.get<{ Params: { txid: string }; Querystring: Query }>(
    '/v2/transactions/pending/:txid',
    (req, reply) => {
      const txid = parseTxid(req.params.txid)
      const format = parseFormat(req.query)
      const info = chain.pending(txid)
      if (!info) {
        throw new HttpError(
          404,
          'could not find the transaction in the transaction pool or in the last 1000 confirmed rounds',
        )
      }
      return sendModel(reply, info, format, pendingShape(info))
    },
  )

  app.get<{ Querystring: Query }>('/v2/transactions/pending', (req, reply) => {
    const format = parseFormat(req.query)
    return sendModel(reply, pendingList(ctx, req.query, undefined), format)
  })

  app.get<{ Params: { address: string }; Querystring: Query }>(
    '/v2/accounts/:address/transactions/pending',
    (req, reply) => {
      const address = parseAddress('address', req.params.address)
      const format = parseFormat(req.query)
      return sendModel(reply, pendingList(ctx, req.query, address), format)
    },
  )

  app.post<{ Querystring: Query }>(
    '/v2/transactions/simulate',
    { bodyLimit: MAX_SIMULATE_BYTES },
    (req, reply) => {
      const format: Format = parseFormat(req.query)
      const request = decodeSimulateRequest(bodyBytes(req.body))
      for (const group of request.txnGroups) {
        if (group.txns.length === 0) throw new HttpError(400, 'empty txgroup')
        if (group.txns.length > MAX_GROUP_SIZE) {
          throw new HttpError(
            400,
            `transaction group size ${group.txns.length} exceeds protocol max ${MAX_GROUP_SIZE}`,
          )
        }
      }
      let response: modelsv2.SimulateResponse
      try {
        response = chain.simulate(request)
      } catch (e) {
        // A request that cannot be simulated at all (algod's InvalidRequestError) is the client's.
        if (e instanceof SimulateRequestError) throw new HttpError(400, e.message)
        throw e
      }
      return sendModel(reply, response, format)
    },
  )
}
