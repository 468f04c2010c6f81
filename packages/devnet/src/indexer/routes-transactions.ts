/**
 * GET /v2/transactions, /v2/transactions/{txid}, /v2/accounts/{account-id}/transactions and
 * /v2/assets/{asset-id}/transactions (api/handlers.go SearchForTransactions and friends).
 */
import { indexerModels as im } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http/server.js'
import { type IndexerContext, sendModel } from './context.js'
import {
  ERR_NO_TRANSACTION_FOUND,
  ERR_UNABLE_TO_PARSE_DIGEST,
  ERR_VALUE_EXCEEDING_INT64,
  MAX_INT64,
} from './messages.js'
import { parseAddress, pathUint, Query } from './query.js'
import { parseTxnFilter, type TxnParamsContext } from './txn-params.js'
import { rootTransaction, rootTransactions } from './txn-model.js'
import { searchTransactions } from './txn-search.js'

interface Params {
  txid?: string
  account?: string
  asset?: string
}

export function registerTransactionRoutes(app: FastifyInstance, ctx: IndexerContext): void {
  const search = (query: unknown, params: TxnParamsContext): im.TransactionsResponse => {
    const filter = parseTxnFilter(new Query(query), params)
    const page = searchTransactions(ctx.index.txns, filter)
    return new im.TransactionsResponse({
      currentRound: ctx.index.round,
      nextToken: page.nextToken,
      transactions: rootTransactions(ctx.index.txns, page.rows),
    })
  }

  app.get('/v2/transactions', async (req, reply) => {
    const accepts = [
      'address',
      'address-role',
      'exclude-close-to',
      'application-id',
      'asset-id',
      'group-id',
    ] as const
    await sendModel(reply, search(req.query, { accepts }))
  })

  app.get<{ Params: Params }>('/v2/transactions/:txid', async (req, reply) => {
    const txid = req.params.txid ?? ''
    if (!/^[A-Z2-7]*$/.test(txid) || [1, 3, 6].includes(txid.length % 8)) {
      throw new HttpError(
        400,
        `invalid input: ${ERR_UNABLE_TO_PARSE_DIGEST} 'txid': illegal base32 data`,
      )
    }
    const seq = ctx.index.txns.txidRow(txid)
    const root = seq === undefined ? undefined : ctx.index.txns.root(seq)
    if (root === undefined) throw new HttpError(404, `${ERR_NO_TRANSACTION_FOUND}: ${txid}`)
    await sendModel(
      reply,
      new im.TransactionResponse({
        currentRound: ctx.index.round,
        transaction: rootTransaction(root),
      }),
    )
  })

  app.get<{ Params: Params }>('/v2/accounts/:account/transactions', async (req, reply) => {
    const q = new Query(req.query)
    const assetId = q.uint('asset-id')
    const round = q.uint('round')
    if ((assetId ?? 0n) > MAX_INT64 || (round ?? 0n) > MAX_INT64) {
      throw new HttpError(404, ERR_VALUE_EXCEEDING_INT64)
    }
    const address = req.params.account ?? ''
    parseAddress(address)
    await sendModel(reply, search(req.query, { accepts: ['asset-id'], address }))
  })

  app.get<{ Params: Params }>('/v2/assets/:asset/transactions', async (req, reply) => {
    const assetId = pathUint('asset-id', req.params.asset)
    const accepts = ['address', 'address-role', 'exclude-close-to'] as const
    await sendModel(reply, search(req.query, { accepts, assetId }))
  })
}
