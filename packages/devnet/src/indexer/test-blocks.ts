/**
 * Test helper: committed blocks built by hand from algosdk objects, so the index can be tested on
 * shapes (deep inner transactions, logs) before or without a chain that produces them.
 */
import {
  Address,
  ApplyData,
  Block,
  BlockHeader,
  EvalDelta,
  ParticipationUpdates,
  RewardState,
  SignedTransaction,
  SignedTxnInBlock,
  SignedTxnWithAD,
  type Transaction,
  TxnCommitments,
  UpgradeState,
  UpgradeVote,
} from 'algosdk'
import type { CommittedBlock } from '../chain/types.js'

export const GENESIS_HASH = new Uint8Array(32).fill(7)

function header(round: bigint, timestamp: bigint): BlockHeader {
  const zero = Address.zeroAddress()
  return new BlockHeader({
    round,
    branch: new Uint8Array(32),
    seed: new Uint8Array(32),
    txnCommitments: new TxnCommitments({
      nativeSha512_256Commitment: new Uint8Array(32),
      sha256Commitment: new Uint8Array(32),
    }),
    timestamp,
    genesisID: 'devnet-v1',
    genesisHash: GENESIS_HASH,
    proposer: zero,
    feesCollected: 0n,
    bonus: 0n,
    proposerPayout: 0n,
    rewardState: new RewardState({
      feeSink: zero,
      rewardsPool: zero,
      rewardsLevel: 0n,
      rewardsRate: 0n,
      rewardsResidue: 0n,
      rewardsRecalculationRound: 0n,
    }),
    upgradeState: new UpgradeState({
      currentProtocol: 'future',
      nextProtocol: '',
      nextProtocolApprovals: 0n,
      nextProtocolVoteBefore: 0n,
      nextProtocolSwitchOn: 0n,
    }),
    upgradeVote: new UpgradeVote({ upgradePropose: '', upgradeDelay: 0n, upgradeApprove: false }),
    txnCounter: 0n,
    stateproofTracking: new Map(),
    participationUpdates: new ParticipationUpdates({
      expiredParticipationAccounts: [],
      absentParticipationAccounts: [],
    }),
  })
}

export interface TxnSpec {
  readonly txn: Transaction
  readonly signed?: boolean
  readonly logs?: Uint8Array[]
  readonly inner?: readonly TxnSpec[]
  readonly applicationID?: bigint
  readonly configAsset?: bigint
}

function withAD(spec: TxnSpec, top: boolean): SignedTxnWithAD {
  // The index never verifies signatures: a placeholder one marks the transaction as single-sig.
  const signedTxn =
    top && spec.signed === true
      ? new SignedTransaction({ txn: spec.txn, sig: new Uint8Array(64).fill(1) })
      : new SignedTransaction({ txn: spec.txn })
  return new SignedTxnWithAD({
    signedTxn,
    applyData: new ApplyData({
      applicationID: spec.applicationID,
      configAsset: spec.configAsset,
      evalDelta: new EvalDelta({
        logs: spec.logs ?? [],
        innerTxns: (spec.inner ?? []).map((i) => withAD(i, false)),
      }),
    }),
  })
}

export function committedBlock(
  round: bigint,
  timestamp: bigint,
  specs: readonly TxnSpec[],
): CommittedBlock {
  return {
    round,
    txids: specs.map((s) => s.txn.txID()),
    block: new Block({
      header: header(round, timestamp),
      payset: specs.map(
        (s) =>
          new SignedTxnInBlock({
            signedTxn: withAD(s, true),
            hasGenesisID: true,
            hasGenesisHash: true,
          }),
      ),
    }),
  }
}
