/** go-algorand ledger/apply/payment.go `Payment`, with close-remainder-to. */
import type { Txn } from '@unica/avm'
import { fail } from '../errors.js'
import { addrKey, isZero } from '../keys.js'
import { EMPTY_ACCOUNT } from '../state.js'
import type { Balances } from './balances.js'
import type { ApplyResult } from './result.js'

export function payment(b: Balances, t: Txn, ad: ApplyResult): void {
  const sender = addrKey(t.sender)
  if (t.amount !== 0n || !isZero(t.receiver)) b.move(sender, addrKey(t.receiver), t.amount)
  if (isZero(t.closeRemainderTo)) return

  const closeAmount = b.get(sender).balance
  ad.closingAmount = closeAmount
  b.move(sender, addrKey(t.closeRemainderTo), closeAmount)
  const rec = b.get(sender)
  if (rec.balance !== 0n) fail(`balance ${rec.balance} still not zero after CloseRemainderTo`)
  if (rec.totalAssets > 0) fail(`cannot close: ${rec.totalAssets} outstanding assets`)
  if (rec.totalAssetParams > 0) {
    fail(`cannot close: ${rec.totalAssetParams} outstanding created assets`)
  }
  if (rec.totalAppLocalStates > 0) {
    fail(
      `cannot close: ${rec.totalAppLocalStates} outstanding applications opted in. Please opt out or clear them`,
    )
  }
  if (rec.totalBoxes > 0) fail(`cannot close: ${rec.totalBoxes} outstanding boxes`)
  if (rec.totalBoxBytes > 0) fail(`cannot close: ${rec.totalBoxBytes} outstanding box bytes`)
  if (rec.totalAppParams > 0) {
    fail(`cannot close: ${rec.totalAppParams} outstanding created applications`)
  }
  // Clear the whole record (auth address included), so the account is deleted.
  b.put(sender, EMPTY_ACCOUNT)
}
