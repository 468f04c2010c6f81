/**
 * go-algorand ledger/apply/keyreg.go `Keyreg`, reduced to what a single-node devnet keeps: the
 * account's status and participation keys (nobody votes here). Going online with a fee of at
 * least 2 Algos makes the account incentive eligible (consensus v40 Payouts.GoOnlineFee); going
 * offline keeps the eligibility.
 */
import type { Txn } from '@unica/avm'
import { fail } from '../errors.js'
import { addrKey, isZero, keyString } from '../keys.js'
import { AccountStatus } from '../state.js'
import type { Balances } from './balances.js'

export function keyreg(b: Balances, t: Txn): void {
  const sender = addrKey(t.sender)
  const record = b.get(sender)
  if (record.status === AccountStatus.NotParticipating) {
    fail(`cannot change online/offline status of non-participating account ${keyString(sender)}`)
  }
  if (isZero(t.votePk) || isZero(t.selectionPk)) {
    b.put(sender, {
      ...record,
      status: t.nonparticipation ? AccountStatus.NotParticipating : AccountStatus.Offline,
      participation: undefined,
    })
    return
  }
  if (t.voteLast <= b.round) {
    fail('transaction tries to mark an account as online with last voting round in the past')
  }
  if (t.voteFirst > b.round + 1n) {
    fail(
      'transaction tries to mark an account as online with first voting round beyond the next voting round',
    )
  }
  b.put(sender, {
    ...record,
    status: AccountStatus.Online,
    incentiveEligible: record.incentiveEligible || t.fee >= b.proto.payoutsGoOnlineFee,
    participation: {
      votePk: t.votePk,
      selectionPk: t.selectionPk,
      stateProofPk: t.stateProofPk,
      voteFirst: t.voteFirst,
      voteLast: t.voteLast,
      voteKeyDilution: t.voteKeyDilution,
    },
  })
}
