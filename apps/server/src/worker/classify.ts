/**
 * What a call to one of our managers means for the history: its operation type and value. Trades
 * carry the amount their signer agreed to as args[1] (packages/contracts/src/args.ts); the other
 * calls are recorded by their kind.
 */
import algosdk from 'algosdk'
import { CONFIGURE_ARG, OPERATION_ARGS, type Operation } from '@unica/contracts'
import type { AppCallEvent } from './block.js'

/** The history's op_type values (packages/schemas OP_TYPES). */
export type OpType = Operation | 'CONFIGURE' | 'OPT_IN' | 'CLOSE_OUT' | 'CLEAR'

export interface Classified {
  readonly opType: OpType
  readonly value: bigint
}

const BY_ARG = new Map<string, Operation>(
  Object.entries(OPERATION_ARGS).map(([op, a]) => [a, op as Operation]),
)

const text = new TextDecoder()

/** The operation a manager call performed; null for a call our manager would never approve. */
export function classify(call: AppCallEvent): Classified | null {
  // A creation is the deployment (the follower binds it to its NFT), not a call in the history.
  if (call.created) return null
  switch (call.onComplete) {
    case algosdk.OnApplicationComplete.OptInOC:
      return { opType: 'OPT_IN', value: 0n }
    case algosdk.OnApplicationComplete.CloseOutOC:
      return { opType: 'CLOSE_OUT', value: 0n }
    case algosdk.OnApplicationComplete.ClearStateOC:
      return { opType: 'CLEAR', value: 0n }
    case algosdk.OnApplicationComplete.NoOpOC:
      break
    default:
      return null
  }
  const name = call.args.length > 0 ? text.decode(call.args[0]) : ''
  if (name === CONFIGURE_ARG) return { opType: 'CONFIGURE', value: 0n }
  const op = BY_ARG.get(name)
  if (op === undefined) return null
  const amount = call.args[1] as Uint8Array | undefined
  return {
    opType: op,
    value: amount?.length === 8 ? algosdk.decodeUint64(amount, 'bigint') : 0n,
  }
}

/** Bids of record a trade sets (bidder -> new bid; 0 = no bid), as the manager applies them. */
export function bidChanges(call: AppCallEvent, c: Classified): Map<string, bigint> {
  const out = new Map<string, bigint>()
  if (c.opType === 'BID') out.set(call.sender, c.value)
  // Buy now spends the buyer's bid; sell now fills the bid of accounts[1] (txn.accounts[0]).
  if (c.opType === 'BUY_NOW') out.set(call.sender, 0n)
  if (c.opType === 'SELL_NOW' && call.accounts.length > 0) out.set(call.accounts[0], 0n)
  return out
}
