/**
 * Walking a transaction and its inner transactions (apply data's eval delta), as the indexer's
 * writer does: pre-order numbering, participants, and the creatable a transaction concerns.
 */
import { type Address, type SignedTxnWithAD, TransactionType } from 'algosdk'

export function innerTxnsOf(stxn: SignedTxnWithAD): readonly SignedTxnWithAD[] {
  return stxn.applyData.evalDelta?.innerTxns ?? []
}

export function countInner(stxn: SignedTxnWithAD): number {
  let n = 0
  for (const inner of innerTxnsOf(stxn)) n += 1 + countInner(inner)
  return n
}

/** The `offset`-th transaction of a root's tree in pre-order (0 = the root itself). */
export function preorderAt(root: SignedTxnWithAD, offset: number): SignedTxnWithAD | undefined {
  let left = offset
  const walk = (stxn: SignedTxnWithAD): SignedTxnWithAD | undefined => {
    if (left === 0) return stxn
    for (const inner of innerTxnsOf(stxn)) {
      left--
      const found = walk(inner)
      if (found !== undefined) return found
    }
    return undefined
  }
  return walk(root)
}

/** Asset or application a transaction concerns, as the indexer's `txn.asset` column. */
export function creatableOf(stxn: SignedTxnWithAD): bigint {
  const txn = stxn.signedTxn.txn
  switch (txn.type) {
    case TransactionType.appl: {
      const id = txn.applicationCall?.appIndex ?? 0n
      return id !== 0n ? id : (stxn.applyData.applicationID ?? 0n)
    }
    case TransactionType.acfg: {
      const id = txn.assetConfig?.assetIndex ?? 0n
      return id !== 0n ? id : (stxn.applyData.configAsset ?? 0n)
    }
    case TransactionType.axfer:
      return txn.assetTransfer?.assetIndex ?? 0n
    case TransactionType.afrz:
      return txn.assetFreeze?.assetIndex ?? 0n
    default:
      return 0n
  }
}

/** Addresses a transaction references directly (indexer's addTransactionParticipants). */
export function directParticipants(stxn: SignedTxnWithAD, add: (address: Address) => void): void {
  const txn = stxn.signedTxn.txn
  add(txn.sender)
  if (txn.payment) {
    add(txn.payment.receiver)
    if (txn.payment.closeRemainderTo) add(txn.payment.closeRemainderTo)
  }
  if (txn.assetTransfer) {
    if (txn.assetTransfer.assetSender) add(txn.assetTransfer.assetSender)
    add(txn.assetTransfer.receiver)
    if (txn.assetTransfer.closeRemainderTo) add(txn.assetTransfer.closeRemainderTo)
  }
  if (txn.assetFreeze) add(txn.assetFreeze.freezeAccount)
  for (const account of txn.applicationCall?.accounts ?? []) add(account)
  if (txn.heartbeat) add(txn.heartbeat.address)
}

export function allParticipants(stxn: SignedTxnWithAD, add: (address: Address) => void): void {
  directParticipants(stxn, add)
  for (const inner of innerTxnsOf(stxn)) allParticipants(inner, add)
}
