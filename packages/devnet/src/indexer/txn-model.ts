/**
 * A committed transaction as indexer v2 returns it (api/converter_utils.go
 * signedTxnWithAdToTransaction / txnRowToTransaction): the root carries id and signature, inner
 * transactions are nested in `inner-txns` with the root's round, offset and time, and have
 * neither id nor signature.
 */
import {
  type Address,
  type SignedTxnWithAD,
  type ValueDelta,
  indexerModels as im,
  OnApplicationComplete,
  TransactionType,
} from 'algosdk'
import type { RootTxn, TxnIndex } from './txn-index.js'
import { printableOrEmpty } from './text.js'

const ON_COMPLETION: Partial<Record<number, string>> = {
  [OnApplicationComplete.NoOpOC]: 'noop',
  [OnApplicationComplete.OptInOC]: 'optin',
  [OnApplicationComplete.CloseOutOC]: 'closeout',
  [OnApplicationComplete.ClearStateOC]: 'clear',
  [OnApplicationComplete.UpdateApplicationOC]: 'update',
  [OnApplicationComplete.DeleteApplicationOC]: 'delete',
}

function b64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

function addr(address: Address | undefined): string | undefined {
  return address === undefined || address.publicKey.every((b) => b === 0)
    ? undefined
    : address.toString()
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b)
}

/** State deltas sorted by key, as the indexer sorts them. */
function stateDelta(delta: Map<Uint8Array, ValueDelta> | undefined): im.EvalDeltaKeyValue[] {
  if (delta === undefined) return []
  return [...delta.entries()]
    .sort(([a], [b]) => compareBytes(a, b))
    .map(
      ([key, value]) =>
        new im.EvalDeltaKeyValue({
          key: b64(key),
          value: new im.EvalDelta({
            action: value.action,
            bytes: b64(value.bytes),
            uint: value.uint,
          }),
        }),
    )
}

function paymentFields(stxn: SignedTxnWithAD): im.TransactionPayment | undefined {
  const pay = stxn.signedTxn.txn.payment
  if (pay === undefined) return undefined
  return new im.TransactionPayment({
    amount: pay.amount,
    receiver: pay.receiver.toString(),
    closeAmount: stxn.applyData.closingAmount ?? 0n,
    closeRemainderTo: addr(pay.closeRemainderTo),
  })
}

function assetConfigFields(stxn: SignedTxnWithAD): im.TransactionAssetConfig | undefined {
  const txn = stxn.signedTxn.txn
  const acfg = txn.assetConfig
  if (acfg === undefined) return undefined
  const hash = acfg.assetMetadataHash
  const roles = {
    manager: addr(acfg.manager),
    reserve: addr(acfg.reserve),
    freeze: addr(acfg.freeze),
    clawback: addr(acfg.clawback),
  }
  const isZero =
    acfg.total === 0n &&
    acfg.decimals === 0 &&
    !acfg.defaultFrozen &&
    Object.values(roles).every((r) => r === undefined) &&
    !acfg.unitName &&
    !acfg.assetName &&
    !acfg.assetURL &&
    (hash === undefined || hash.every((b) => b === 0))
  const text = (s: string | undefined): Uint8Array => new TextEncoder().encode(s ?? '')
  return new im.TransactionAssetConfig({
    assetId: acfg.assetIndex,
    params: isZero
      ? undefined
      : new im.AssetParams({
          creator: txn.sender.toString(),
          decimals: acfg.decimals,
          total: acfg.total,
          ...roles,
          defaultFrozen: acfg.defaultFrozen,
          metadataHash: hash,
          name: printableOrEmpty(acfg.assetName ?? ''),
          nameB64: text(acfg.assetName),
          unitName: printableOrEmpty(acfg.unitName ?? ''),
          unitNameB64: text(acfg.unitName),
          url: printableOrEmpty(acfg.assetURL ?? ''),
          urlB64: text(acfg.assetURL),
        }),
  })
}

function assetTransferFields(stxn: SignedTxnWithAD): im.TransactionAssetTransfer | undefined {
  const axfer = stxn.signedTxn.txn.assetTransfer
  if (axfer === undefined) return undefined
  return new im.TransactionAssetTransfer({
    amount: axfer.amount,
    assetId: axfer.assetIndex,
    receiver: axfer.receiver.toString(),
    closeAmount: stxn.applyData.assetClosingAmount ?? 0n,
    closeTo: addr(axfer.closeRemainderTo),
    sender: addr(axfer.assetSender),
  })
}

function applicationFields(stxn: SignedTxnWithAD): im.TransactionApplication | undefined {
  const txn = stxn.signedTxn.txn
  const appl = txn.applicationCall
  if (appl === undefined) return undefined
  const sender = txn.sender
  const orSender = (a: Address): Address => (addr(a) === undefined ? sender : a)
  return new im.TransactionApplication({
    applicationId: appl.appIndex,
    onCompletion: ON_COMPLETION[appl.onComplete] ?? 'unknown',
    applicationArgs: [...appl.appArgs],
    accounts: appl.accounts.map((a) => a.toString()),
    foreignApps: [...appl.foreignApps],
    foreignAssets: [...appl.foreignAssets],
    boxReferences: appl.boxes.map((b) => new im.BoxReference({ app: b.appIndex, name: b.name })),
    access: appl.access.map(
      (r) =>
        new im.ResourceRef({
          address: r.address?.toString(),
          applicationId: r.appIndex,
          assetId: r.assetIndex,
          holding: r.holding
            ? new im.HoldingRef({
                address: orSender(r.holding.address).toString(),
                asset: r.holding.assetIndex,
              })
            : undefined,
          local: r.locals
            ? new im.LocalsRef({
                address: orSender(r.locals.address).toString(),
                app: r.locals.appIndex,
              })
            : undefined,
          box: r.box ? new im.BoxReference({ app: r.box.appIndex, name: r.box.name }) : undefined,
        }),
    ),
    approvalProgram: appl.approvalProgram.length > 0 ? appl.approvalProgram : undefined,
    clearStateProgram: appl.clearProgram.length > 0 ? appl.clearProgram : undefined,
    globalStateSchema: new im.StateSchema({
      numByteSlice: appl.numGlobalByteSlices,
      numUint: appl.numGlobalInts,
    }),
    localStateSchema: new im.StateSchema({
      numByteSlice: appl.numLocalByteSlices,
      numUint: appl.numLocalInts,
    }),
    extraProgramPages: appl.extraPages,
    rejectVersion: appl.rejectVersion,
  })
}

function otherFields(
  stxn: SignedTxnWithAD,
): Partial<ConstructorParameters<typeof im.Transaction>[0]> {
  const txn = stxn.signedTxn.txn
  if (txn.assetFreeze !== undefined) {
    return {
      assetFreezeTransaction: new im.TransactionAssetFreeze({
        address: txn.assetFreeze.freezeAccount.toString(),
        assetId: txn.assetFreeze.assetIndex,
        newFreezeStatus: txn.assetFreeze.frozen,
      }),
    }
  }
  if (txn.keyreg !== undefined) {
    const k = txn.keyreg
    return {
      keyregTransaction: new im.TransactionKeyreg({
        nonParticipation: k.nonParticipation,
        selectionParticipationKey: k.selectionKey,
        stateProofKey: k.stateProofKey,
        voteFirstValid: k.voteFirst,
        voteKeyDilution: k.voteKeyDilution,
        voteLastValid: k.voteLast,
        voteParticipationKey: k.voteKey,
      }),
    }
  }
  if (txn.heartbeat !== undefined) {
    const hb = txn.heartbeat
    return {
      heartbeatTransaction: new im.TransactionHeartbeat({
        hbAddress: hb.address.toString(),
        hbKeyDilution: hb.keyDilution,
        hbProof: new im.HbProofFields({
          hbPk: hb.proof.pk,
          hbPk1sig: hb.proof.pk1Sig,
          hbPk2: hb.proof.pk2,
          hbPk2sig: hb.proof.pk2Sig,
          hbSig: hb.proof.sig,
        }),
        hbSeed: hb.seed,
        hbVoteId: hb.voteID,
        hbChallengeDiscount: hb.challengeDiscount,
      }),
    }
  }
  return {}
}

function multisig(
  msig: { v: number; thr: number; subsig: { pk: Uint8Array; s?: Uint8Array }[] } | undefined,
): im.TransactionSignatureMultisig | undefined {
  if (msig === undefined) return undefined
  return new im.TransactionSignatureMultisig({
    version: msig.v,
    threshold: msig.thr,
    subsignature: msig.subsig.map(
      (s) => new im.TransactionSignatureMultisigSubsignature({ publicKey: s.pk, signature: s.s }),
    ),
  })
}

function signatureOf(stxn: SignedTxnWithAD): im.TransactionSignature {
  const signed = stxn.signedTxn
  const lsig = signed.lsig
  return new im.TransactionSignature({
    sig: signed.sig,
    multisig: multisig(signed.msig),
    logicsig:
      lsig === undefined
        ? undefined
        : new im.TransactionSignatureLogicsig({
            logic: lsig.logic,
            args: lsig.args,
            signature: lsig.sig,
            multisigSignature: multisig(lsig.msig),
            logicMultisigSignature: multisig(lsig.lmsig),
          }),
  })
}

/** Local deltas keyed by account offset: 0 sender, then txn.Accounts, then shared accounts. */
function localDeltas(stxn: SignedTxnWithAD): im.AccountStateDelta[] {
  const ed = stxn.applyData.evalDelta
  if (ed === undefined || ed.localDeltas.size === 0) return []
  const txn = stxn.signedTxn.txn
  const accounts = [txn.sender, ...(txn.applicationCall?.accounts ?? []), ...ed.sharedAccts]
  return [...ed.localDeltas.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([i, delta]) => {
      const account = accounts.at(i)
      const kv = stateDelta(delta)
      return account === undefined || kv.length === 0
        ? []
        : [new im.AccountStateDelta({ address: account.toString(), delta: kv })]
    })
}

/** Converts one transaction (and, recursively, its inner ones) in the context of its root. */
function convert(root: RootTxn, stxn: SignedTxnWithAD, isRoot: boolean): im.Transaction {
  const txn = stxn.signedTxn.txn
  const ad = stxn.applyData
  const header = root.header
  const ed = ad.evalDelta
  return new im.Transaction({
    id: isRoot ? root.txid : undefined,
    signature: isRoot ? signatureOf(stxn) : undefined,
    authAddr: isRoot ? addr(stxn.signedTxn.sgnr) : undefined,
    txType: txn.type,
    sender: txn.sender.toString(),
    fee: txn.fee,
    firstValid: txn.firstValid,
    lastValid: txn.lastValid,
    note: txn.note.length > 0 ? txn.note : undefined,
    lease: txn.lease,
    group: txn.group,
    rekeyTo: addr(txn.rekeyTo),
    // Blocks drop the genesis fields of their transactions and restore them from the header.
    genesisId: txn.genesisID ?? (isRoot && root.stib.hasGenesisID ? header.genesisID : undefined),
    genesisHash:
      txn.genesisHash ?? (isRoot && root.stib.hasGenesisHash ? header.genesisHash : undefined),
    confirmedRound: root.round,
    intraRoundOffset: root.intra,
    roundTime: header.timestamp,
    closingAmount: ad.closingAmount,
    closeRewards: ad.closeRewards,
    receiverRewards: ad.receiverRewards,
    senderRewards: ad.senderRewards,
    paymentTransaction: paymentFields(stxn),
    assetConfigTransaction: assetConfigFields(stxn),
    assetTransferTransaction: assetTransferFields(stxn),
    applicationTransaction: applicationFields(stxn),
    ...otherFields(stxn),
    createdAssetIndex:
      txn.type === TransactionType.acfg && txn.assetConfig?.assetIndex === 0n
        ? ad.configAsset
        : undefined,
    createdApplicationIndex:
      txn.type === TransactionType.appl && txn.applicationCall?.appIndex === 0n
        ? ad.applicationID
        : undefined,
    globalStateDelta: stateDelta(ed?.globalDelta),
    localStateDelta: localDeltas(stxn),
    logs: ed && ed.logs.length > 0 ? ed.logs : undefined,
    innerTxns:
      ed && ed.innerTxns.length > 0 ? ed.innerTxns.map((i) => convert(root, i, false)) : undefined,
  })
}

export function rootTransaction(root: RootTxn): im.Transaction {
  return convert(root, root.stib.signedTxn, true)
}

/** The root transactions of the given rows, read back from their blocks. */
export function rootTransactions(index: TxnIndex, seqs: readonly number[]): im.Transaction[] {
  return seqs.flatMap((seq) => {
    const root = index.root(seq)
    return root === undefined ? [] : [rootTransaction(root)]
  })
}
