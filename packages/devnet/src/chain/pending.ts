/**
 * algod's PendingTransactionResponse for a transaction and its apply data, filled as go-algorand's
 * handlers.go `PendingTransactionInformation` and utils.go `ConvertInnerTxn` fill it: amounts
 * always present once confirmed, created ids, state deltas with base64 keys and local deltas
 * addressed through [Sender, Accounts..., SharedAccts...], logs, inner transactions (recursive).
 */
import algosdk, { modelsv2 } from 'algosdk'

const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64')

function stateDelta(
  d: Map<Uint8Array, algosdk.ValueDelta> | undefined,
): modelsv2.EvalDeltaKeyValue[] | undefined {
  if (d === undefined || d.size === 0) return undefined
  return [...d].map(
    ([k, v]) =>
      new modelsv2.EvalDeltaKeyValue({
        key: b64(k),
        value: new modelsv2.EvalDelta({
          action: v.action,
          bytes: v.bytes.length === 0 ? undefined : b64(v.bytes),
          uint: v.uint === 0n ? undefined : v.uint,
        }),
      }),
  )
}

/** go's edIndexToAddress. */
function indexAddress(
  index: number,
  txn: algosdk.Transaction,
  shared: readonly algosdk.Address[],
): string {
  const accounts = txn.applicationCall?.accounts ?? []
  if (index === 0) return txn.sender.toString()
  if (index - 1 < accounts.length) return accounts[index - 1].toString()
  const s = index - 1 - accounts.length
  return s < shared.length ? shared[s].toString() : `Invalid Account Index ${index} in LocalDelta`
}

function localDeltas(
  ed: algosdk.EvalDelta | undefined,
  txn: algosdk.Transaction,
): modelsv2.AccountStateDelta[] | undefined {
  if (ed === undefined || ed.localDeltas.size === 0) return undefined
  return [...ed.localDeltas].map(
    ([index, d]) =>
      new modelsv2.AccountStateDelta({
        address: indexAddress(index, txn, ed.sharedAccts),
        delta: stateDelta(d) ?? [],
      }),
  )
}

const nonZero = (v: bigint | undefined): bigint | undefined =>
  v === undefined || v === 0n ? undefined : v

/** A committed (or inner) transaction as algod reports it; `confirmedRound` for top level. */
export function pendingResponse(
  stxn: algosdk.SignedTransaction,
  ad: algosdk.ApplyData,
  confirmedRound?: bigint,
): modelsv2.PendingTransactionResponse {
  const ed = ad.evalDelta
  return new modelsv2.PendingTransactionResponse({
    poolError: '',
    txn: stxn,
    confirmedRound,
    closingAmount: ad.closingAmount ?? 0n,
    assetClosingAmount: ad.assetClosingAmount ?? 0n,
    senderRewards: ad.senderRewards ?? 0n,
    receiverRewards: ad.receiverRewards ?? 0n,
    closeRewards: ad.closeRewards ?? 0n,
    assetIndex: nonZero(ad.configAsset),
    applicationIndex: nonZero(ad.applicationID),
    localStateDelta: localDeltas(ed, stxn.txn),
    globalStateDelta: stateDelta(ed?.globalDelta),
    logs: ed === undefined || ed.logs.length === 0 ? undefined : ed.logs,
    innerTxns: (ed?.innerTxns ?? []).map((i) => pendingResponse(i.signedTxn, i.applyData)),
  })
}

/** A transaction still in the pool (block-interval mode): nothing but the transaction. */
export function poolResponse(stxn: algosdk.SignedTransaction): modelsv2.PendingTransactionResponse {
  return new modelsv2.PendingTransactionResponse({ poolError: '', txn: stxn })
}
