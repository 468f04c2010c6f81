/**
 * Transactions in the two shapes the ledger meets them: algosdk's `Transaction` (what clients
 * submit, what blocks and REST answers carry) and the AVM's `Txn` (plain bytes and bigints, what
 * programs read and what inner transactions are built in). The ledger applies `Txn`s, so that top
 * level and inner transactions go through the same code.
 */
import algosdk from 'algosdk'
import { makeTxn, type BoxRef, type Txn, type TxnType } from '@unica/avm'
import { fail } from './errors.js'
import { isZero, ZERO_ADDRESS } from './keys.js'

const TYPES: Readonly<Record<string, algosdk.TransactionType>> = {
  pay: algosdk.TransactionType.pay,
  keyreg: algosdk.TransactionType.keyreg,
  acfg: algosdk.TransactionType.acfg,
  axfer: algosdk.TransactionType.axfer,
  afrz: algosdk.TransactionType.afrz,
  appl: algosdk.TransactionType.appl,
}
const ON_COMPLETE: readonly algosdk.OnApplicationComplete[] = [
  algosdk.OnApplicationComplete.NoOpOC,
  algosdk.OnApplicationComplete.OptInOC,
  algosdk.OnApplicationComplete.CloseOutOC,
  algosdk.OnApplicationComplete.ClearStateOC,
  algosdk.OnApplicationComplete.UpdateApplicationOC,
  algosdk.OnApplicationComplete.DeleteApplicationOC,
]

const utf8 = new TextEncoder()
const utf8Decoder = new TextDecoder()
const EMPTY = new Uint8Array(0)

const key = (a: algosdk.Address | undefined): Uint8Array => a?.publicKey ?? ZERO_ADDRESS
const text = (s: string | undefined): Uint8Array => (s === undefined ? EMPTY : utf8.encode(s))

/** Box references as the wire has them: index 0 is the called app, i is foreignApps[i-1]. */
function boxRefs(t: algosdk.Transaction): BoxRef[] {
  const encoded = t.toEncodingData().get('apbx') as Map<string, unknown>[] | undefined
  return (encoded ?? []).map((m) => ({
    index: Number(m.get('i') ?? 0),
    name: (m.get('n') as Uint8Array | undefined) ?? EMPTY,
  }))
}

/** The AVM view of a submitted transaction (genesis id and hash are kept by the caller). */
export function toAvmTxn(t: algosdk.Transaction): Txn {
  const header = {
    type: t.type as TxnType,
    sender: t.sender.publicKey,
    fee: t.fee,
    firstValid: t.firstValid,
    lastValid: t.lastValid,
    note: t.note,
    lease: t.lease ?? ZERO_ADDRESS,
    rekeyTo: key(t.rekeyTo),
    group: t.group ?? ZERO_ADDRESS,
  }
  const p = t.payment
  if (p) {
    return makeTxn({
      ...header,
      receiver: p.receiver.publicKey,
      amount: p.amount,
      closeRemainderTo: key(p.closeRemainderTo),
    })
  }
  const k = t.keyreg
  if (k) {
    return makeTxn({
      ...header,
      votePk: k.voteKey ?? ZERO_ADDRESS,
      selectionPk: k.selectionKey ?? ZERO_ADDRESS,
      stateProofPk: k.stateProofKey ?? new Uint8Array(64),
      voteFirst: k.voteFirst ?? 0n,
      voteLast: k.voteLast ?? 0n,
      voteKeyDilution: k.voteKeyDilution ?? 0n,
      nonparticipation: k.nonParticipation,
    })
  }
  const c = t.assetConfig
  if (c) {
    return makeTxn({
      ...header,
      configAsset: c.assetIndex,
      configAssetTotal: c.total,
      configAssetDecimals: BigInt(c.decimals),
      configAssetDefaultFrozen: c.defaultFrozen,
      configAssetUnitName: text(c.unitName),
      configAssetName: text(c.assetName),
      configAssetUrl: text(c.assetURL),
      configAssetMetadataHash: c.assetMetadataHash ?? ZERO_ADDRESS,
      configAssetManager: key(c.manager),
      configAssetReserve: key(c.reserve),
      configAssetFreeze: key(c.freeze),
      configAssetClawback: key(c.clawback),
    })
  }
  const x = t.assetTransfer
  if (x) {
    return makeTxn({
      ...header,
      xferAsset: x.assetIndex,
      assetAmount: x.amount,
      assetSender: key(x.assetSender),
      assetReceiver: x.receiver.publicKey,
      assetCloseTo: key(x.closeRemainderTo),
    })
  }
  const f = t.assetFreeze
  if (f) {
    return makeTxn({
      ...header,
      freezeAsset: f.assetIndex,
      freezeAssetAccount: f.freezeAccount.publicKey,
      freezeAssetFrozen: f.frozen,
    })
  }
  const a = t.applicationCall
  if (a) {
    return makeTxn({
      ...header,
      applicationId: a.appIndex,
      onCompletion: BigInt(a.onComplete),
      applicationArgs: a.appArgs,
      accounts: a.accounts.map((x) => x.publicKey),
      foreignApps: a.foreignApps,
      foreignAssets: a.foreignAssets,
      boxes: boxRefs(t),
      approvalProgram: a.approvalProgram,
      clearStateProgram: a.clearProgram,
      globalNumUint: BigInt(a.numGlobalInts),
      globalNumByteSlice: BigInt(a.numGlobalByteSlices),
      localNumUint: BigInt(a.numLocalInts),
      localNumByteSlice: BigInt(a.numLocalByteSlices),
      extraProgramPages: BigInt(a.extraPages),
      rejectVersion: BigInt(a.rejectVersion),
    })
  }
  return makeTxn(header)
}

const addr = (b: Uint8Array): algosdk.Address | undefined =>
  isZero(b) ? undefined : new algosdk.Address(b)
const str = (b: Uint8Array): string | undefined =>
  b.length === 0 ? undefined : utf8Decoder.decode(b)

/** An inner transaction as algosdk's Transaction, for blocks and REST answers. */
export function toAlgosdkTxn(t: Txn): algosdk.Transaction {
  const type = TYPES[t.type] ?? fail(`${t.type} transactions cannot be inner transactions`)
  const params: algosdk.TransactionParams = {
    type,
    sender: new algosdk.Address(t.sender),
    note: t.note,
    lease: isZero(t.lease) ? undefined : t.lease,
    rekeyTo: addr(t.rekeyTo),
    suggestedParams: {
      fee: t.fee,
      flatFee: true,
      minFee: 0n,
      firstValid: t.firstValid,
      lastValid: t.lastValid,
    },
  }
  switch (t.type) {
    case 'pay':
      params.paymentParams = {
        receiver: new algosdk.Address(t.receiver),
        amount: t.amount,
        closeRemainderTo: addr(t.closeRemainderTo),
      }
      break
    case 'keyreg':
      params.keyregParams = t.nonparticipation
        ? { nonParticipation: true }
        : isZero(t.votePk)
          ? {}
          : {
              voteKey: t.votePk,
              selectionKey: t.selectionPk,
              stateProofKey: isZero(t.stateProofPk) ? undefined : t.stateProofPk,
              voteFirst: t.voteFirst,
              voteLast: t.voteLast,
              voteKeyDilution: t.voteKeyDilution,
            }
      break
    case 'acfg':
      params.assetConfigParams = {
        assetIndex: t.configAsset,
        total: t.configAssetTotal,
        decimals: Number(t.configAssetDecimals),
        defaultFrozen: t.configAssetDefaultFrozen,
        manager: addr(t.configAssetManager),
        reserve: addr(t.configAssetReserve),
        freeze: addr(t.configAssetFreeze),
        clawback: addr(t.configAssetClawback),
        unitName: str(t.configAssetUnitName),
        assetName: str(t.configAssetName),
        assetURL: str(t.configAssetUrl),
        assetMetadataHash: isZero(t.configAssetMetadataHash)
          ? undefined
          : t.configAssetMetadataHash,
      }
      break
    case 'axfer':
      params.assetTransferParams = {
        assetIndex: t.xferAsset,
        amount: t.assetAmount,
        assetSender: addr(t.assetSender),
        receiver: new algosdk.Address(t.assetReceiver),
        closeRemainderTo: addr(t.assetCloseTo),
      }
      break
    case 'afrz':
      params.assetFreezeParams = {
        assetIndex: t.freezeAsset,
        freezeTarget: new algosdk.Address(t.freezeAssetAccount),
        frozen: t.freezeAssetFrozen,
      }
      break
    case 'appl':
      params.appCallParams = {
        appIndex: t.applicationId,
        onComplete:
          ON_COMPLETE[Number(t.onCompletion)] ?? fail(`invalid OnCompletion ${t.onCompletion}`),
        appArgs: [...t.applicationArgs],
        accounts: t.accounts.map((a) => new algosdk.Address(a)),
        foreignApps: [...t.foreignApps],
        foreignAssets: [...t.foreignAssets],
        boxes: t.boxes.map((b) => ({
          appIndex: b.index === 0 ? 0n : (t.foreignApps[b.index - 1] ?? 0n),
          name: b.name,
        })),
        approvalProgram: t.approvalProgram,
        clearProgram: t.clearStateProgram,
        numGlobalInts: Number(t.globalNumUint),
        numGlobalByteSlices: Number(t.globalNumByteSlice),
        numLocalInts: Number(t.localNumUint),
        numLocalByteSlices: Number(t.localNumByteSlice),
        extraPages: Number(t.extraProgramPages),
        rejectVersion: Number(t.rejectVersion),
      }
      break
    default:
      throw new Error(`${t.type} transactions cannot be inner transactions`)
  }
  const txn = new algosdk.Transaction(params)
  if (!isZero(t.group)) txn.group = t.group
  return txn
}
