/**
 * go-algorand ledger/eval/eval.go `applyTransaction` (top level) and applications.go `Perform`
 * (inner): take the fee, rekey, count the transaction, then apply it by type. The two differ only
 * in when the transaction is counted, which decides the id a creation gets (counter + 1).
 */
import type { Txn } from '@unica/avm'
import { fail } from '../errors.js'
import { addrKey, isZero } from '../keys.js'
import { applicationCall, type AppRunner } from './app.js'
import { assetConfig, assetFreeze, assetTransfer } from './asset.js'
import type { Balances } from './balances.js'
import { keyreg } from './keyreg.js'
import { payment } from './payment.js'
import { newApplyResult, type ApplyResult } from './result.js'

export { Balances } from './balances.js'
export type { AppRun, AppRunner } from './app.js'
export { toApplyData, logsOf, type ApplyResult } from './result.js'

/** go's apply.Rekey. */
function rekey(b: Balances, t: Txn): void {
  if (isZero(t.rekeyTo)) return
  const sender = addrKey(t.sender)
  const self = addrKey(t.rekeyTo) === sender
  b.update(sender, { authAddr: self ? undefined : t.rekeyTo })
}

/**
 * Applies `t` to `b`'s overlay. A top-level transaction is counted after it is applied (go's
 * addTx), an inner one before (Perform's incTxnCount), since its caller is not counted yet.
 */
export function applyTransaction(
  b: Balances,
  t: Txn,
  runner: AppRunner,
  inner: boolean,
): ApplyResult {
  const ad = newApplyResult()
  b.takeFee(addrKey(t.sender), t.fee)
  rekey(b, t)
  if (inner) b.ov.countTxn()
  const ctr = b.ov.txnCounter()
  switch (t.type) {
    case 'pay':
      payment(b, t, ad)
      break
    case 'keyreg':
      keyreg(b, t)
      break
    case 'acfg':
      assetConfig(b, t, ad, ctr)
      break
    case 'axfer':
      assetTransfer(b, t, ad)
      break
    case 'afrz':
      assetFreeze(b, t)
      break
    case 'appl':
      applicationCall(b, t, ad, ctr, runner)
      break
    default:
      fail(inner ? `${t.type} tx in AVM` : `unknown transaction type ${t.type}`)
  }
  if (!inner) b.ov.countTxn()
  return ad
}
