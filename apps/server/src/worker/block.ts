/**
 * One round's block as the follower needs it: every application call and every asset transfer,
 * top-level and inner, in execution order, with the transaction ids restored as algod computes
 * them (a block stores transactions without their genesis id and hash; go-algorand's
 * BlockHeader.DecodeSignedTxn puts them back).
 */
import algosdk from 'algosdk'
import type { ConfirmedCall, InnerTransfer } from '@unica/contracts'

/** A call as @unica/contracts reads it (sender, app, onComplete, args, accounts, assets, inner). */
export interface AppCallEvent extends ConfirmedCall {
  readonly kind: 'call'
  /** The top-level transaction id; an inner call adds "/inner/<path>" to its root's id. */
  readonly txId: string
  readonly groupId: string | null
  readonly approvalProgram: Uint8Array
  readonly clearProgram: Uint8Array
  /** Global state changes: key -> new value (null = deleted). */
  readonly globalDelta: ReadonlyMap<string, bigint | Uint8Array | null>
}

export interface TransferEvent {
  readonly kind: 'transfer'
  readonly assetId: bigint
  readonly sender: string
  readonly receiver: string
  readonly amount: bigint
  /** Where the rest went when the sender closed out of the asset (with how much). */
  readonly closeTo: string | null
  readonly closeAmount: bigint
}

type ChainEvent = AppCallEvent | TransferEvent

export interface RoundEvents {
  readonly round: bigint
  /** The block's timestamp (seconds since the epoch). */
  readonly timestamp: bigint
  readonly events: readonly ChainEvent[]
}

const text = new TextDecoder()

function decodeDelta(
  delta: algosdk.EvalDelta | undefined,
): Map<string, bigint | Uint8Array | null> {
  const out = new Map<string, bigint | Uint8Array | null>()
  for (const [key, v] of delta?.globalDelta ?? []) {
    // ValueDelta actions (go-algorand basics.DeltaAction): 1 set bytes, 2 set uint, 3 delete.
    out.set(text.decode(key), v.action === 1 ? v.bytes : v.action === 2 ? v.uint : null)
  }
  return out
}

/** The transaction as it was signed: genesis hash always, genesis id when the block says so. */
function restore(stib: algosdk.SignedTxnInBlock, header: algosdk.BlockHeader): algosdk.Transaction {
  const data = stib.signedTxn.signedTxn.txn.toEncodingData()
  data.set('gh', header.genesisHash)
  if (stib.hasGenesisID) data.set('gen', header.genesisID)
  return algosdk.Transaction.fromEncodingData(data)
}

/** A payment or asset transfer as a payout; nothing for other types. */
function transferOf(txn: algosdk.Transaction): InnerTransfer[] {
  if (txn.type === algosdk.TransactionType.pay && txn.payment !== undefined) {
    return [{ type: 'pay', receiver: txn.payment.receiver.toString(), amount: txn.payment.amount }]
  }
  if (txn.type === algosdk.TransactionType.axfer && txn.assetTransfer !== undefined) {
    const x = txn.assetTransfer
    return [
      { type: 'axfer', receiver: x.receiver.toString(), assetId: x.assetIndex, amount: x.amount },
    ]
  }
  return []
}

function visit(
  txn: algosdk.Transaction,
  ad: algosdk.ApplyData,
  txId: string,
  out: ChainEvent[],
): void {
  const sender = txn.sender.toString()
  if (txn.type === algosdk.TransactionType.appl && txn.applicationCall !== undefined) {
    const app = txn.applicationCall
    const created = app.appIndex === 0n
    out.push({
      kind: 'call',
      txId,
      groupId: txn.group === undefined ? null : Buffer.from(txn.group).toString('base64'),
      sender,
      appId: created ? (ad.applicationID ?? 0n) : app.appIndex,
      created,
      onComplete: app.onComplete,
      args: app.appArgs,
      accounts: app.accounts.map((a) => a.toString()),
      assets: app.foreignAssets,
      inner: (ad.evalDelta?.innerTxns ?? []).flatMap((i) => transferOf(i.signedTxn.txn)),
      approvalProgram: app.approvalProgram,
      clearProgram: app.clearProgram,
      globalDelta: decodeDelta(ad.evalDelta),
    })
  }
  if (txn.type === algosdk.TransactionType.axfer && txn.assetTransfer !== undefined) {
    const x = txn.assetTransfer
    out.push({
      kind: 'transfer',
      assetId: x.assetIndex,
      sender: x.assetSender?.toString() ?? sender,
      receiver: x.receiver.toString(),
      amount: x.amount,
      closeTo: x.closeRemainderTo?.toString() ?? null,
      closeAmount: ad.assetClosingAmount ?? 0n,
    })
  }
  ad.evalDelta?.innerTxns.forEach((inner, i) => {
    visit(inner.signedTxn.txn, inner.applyData, `${txId}/inner/${i}`, out)
  })
}

/** Reads round `round` from algod (GET /v2/blocks/{round}, msgpack). */
export async function readRound(algod: algosdk.Algodv2, round: bigint): Promise<RoundEvents> {
  const { block } = await algod.block(round).do()
  const events: ChainEvent[] = []
  for (const stib of block.payset) {
    const txn = restore(stib, block.header)
    visit(txn, stib.signedTxn.applyData, txn.txID(), events)
  }
  return { round, timestamp: block.header.timestamp, events }
}
