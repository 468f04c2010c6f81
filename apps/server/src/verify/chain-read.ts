/**
 * Reading the chain for verification: "not found" is told apart from failures, and a transaction
 * the indexer does not know yet is told apart from one that does not exist (chain lag: the client
 * retries, docs/product.md §7).
 */
import algosdk from 'algosdk'
import type { Chain } from '../chain/connection.js'
import { ApiError, badRequest, chainLag } from '../errors.js'

function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined
  const response = (error as { response?: { status?: unknown } }).response
  return typeof response?.status === 'number' ? response.status : undefined
}

/**
 * Runs a chain read: undefined when the node answers 4xx (404, or an id it cannot even parse:
 * either way there is no such thing); a retryable 500 when the node fails or cannot be reached.
 */
export async function orNotFound<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ApiError) throw error
    const status = httpStatus(error)
    if (status !== undefined && status >= 400 && status < 500) return undefined
    throw chainLag('The Algorand node could not be reached. Try again.')
  }
}

/**
 * A confirmed transaction by id, from the indexer. When the indexer has not caught up with algod
 * the answer is "retry"; when it has and knows no such transaction, a 400 on `tx_id`.
 */
export async function readConfirmedTransaction(
  chain: Chain,
  txId: string,
): Promise<algosdk.indexerModels.Transaction> {
  const found = await orNotFound(() => chain.indexer.lookupTransactionByID(txId).do())
  if (found?.transaction.confirmedRound !== undefined) return found.transaction
  const [health, status] = await Promise.all([
    orNotFound(() => chain.indexer.makeHealthCheck().do()),
    orNotFound(() => chain.algod.status().do()),
  ])
  if (health === undefined || status === undefined || health.round < status.lastRound) {
    throw chainLag('The transaction is not indexed yet. Try again.')
  }
  throw badRequest('Invalid input.', { tx_id: ['No confirmed transaction with this id.'] })
}

export function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && Buffer.compare(a, b) === 0
}
