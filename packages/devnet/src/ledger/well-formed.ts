/**
 * go-algorand's `Transaction.WellFormed` (data/transactions/transaction.go and the per-type
 * `wellFormed` in payment.go, asset.go, application.go): what a transaction must look like on its
 * own, before any ledger state is consulted. Used for top-level and inner transactions alike.
 * Throws a LedgerError with go's message.
 */
import { decodeUvarint } from './uvarint.js'
import { fail } from './errors.js'
import { bytesEqual, isZero } from './keys.js'
import type { LedgerProtocol } from './protocol.js'
import { encodeAddress, type Txn } from '@unica/avm'

export interface SpecialAddresses {
  readonly feeSink: Uint8Array
  readonly rewardsPool: Uint8Array
}

/** go's transactions.ProgramVersion. */
function programVersion(program: Uint8Array): bigint {
  if (program.length === 0) fail('invalid program (empty)')
  return decodeUvarint(program)?.value ?? fail('invalid version')
}

/** go's CheckContractVersions (the part that needs no chain state, plus downgrades if given). */
export function checkContractVersions(
  approval: Uint8Array,
  clear: Uint8Array,
  p: LedgerProtocol,
  previous?: { approval: Uint8Array; clear: Uint8Array },
): void {
  const version = (prog: Uint8Array, what: string): bigint => {
    if (prog.length === 0) fail(`bad ${what}: invalid program (empty)`)
    return decodeUvarint(prog)?.value ?? fail(`bad ${what}: invalid version`)
  }
  const av = version(approval, 'ApprovalProgram')
  const cv = version(clear, 'ClearStateProgram')
  if ((av >= 6n || cv >= 6n) && av !== cv) fail(`program version mismatch: ${av} != ${cv}`)
  if (previous === undefined) return
  const min = BigInt(p.minInnerApplVersion)
  const pav = programVersion(previous.approval)
  if (pav >= min && av < pav) fail(`approval program version downgrade: ${av} < ${pav}`)
  const pcv = programVersion(previous.clear)
  if (pcv >= min && cv < pcv) fail(`clearstate program version downgrade: ${cv} < ${pcv}`)
}

/** go's WellSizedPrograms. */
export function checkProgramSizes(t: Txn, extraPages: number, p: LedgerProtocol): void {
  const pages = 1 + extraPages
  const lap = t.approvalProgram.length
  const lcs = t.clearStateProgram.length
  if (lap > pages * p.maxAppProgramLen) {
    fail(`approval program too long. max len ${pages * p.maxAppProgramLen} bytes`)
  }
  if (lcs > pages * p.maxAppProgramLen) {
    fail(`clear state program too long. max len ${pages * p.maxAppProgramLen} bytes`)
  }
  if (lap + lcs > pages * p.maxAppTotalProgramLen) {
    fail(`app programs too long. max total len ${pages * p.maxAppTotalProgramLen} bytes`)
  }
}

function appWellFormed(t: Txn, p: LedgerProtocol): void {
  if (t.onCompletion > 5n) fail(`invalid application OnCompletion (${t.onCompletion})`)
  if (t.rejectVersion > 0n && t.applicationId === 0n) {
    fail('tx.RejectVersion cannot be set during creation')
  }
  if (t.applicationId !== 0n && t.onCompletion !== 4n) {
    if (t.approvalProgram.length !== 0 || t.clearStateProgram.length !== 0) {
      fail('programs may only be specified during application creation or update')
    }
  } else {
    checkContractVersions(t.approvalProgram, t.clearStateProgram, p)
  }
  if (t.extraProgramPages > BigInt(p.maxExtraAppProgramPages)) {
    fail(`tx.ExtraProgramPages exceeds MaxExtraAppProgramPages = ${p.maxExtraAppProgramPages}`)
  }
  let pages = Number(t.extraProgramPages)
  if (t.applicationId !== 0n) {
    if (t.globalNumUint !== 0n || t.globalNumByteSlice !== 0n) {
      fail(
        `inappropriate non-zero tx.GlobalStateSchema ({_struct:{} NumUint:${t.globalNumUint} NumByteSlice:${t.globalNumByteSlice}})`,
      )
    }
    if (t.localNumUint !== 0n || t.localNumByteSlice !== 0n) {
      fail(
        `inappropriate non-zero tx.LocalStateSchema ({_struct:{} NumUint:${t.localNumUint} NumByteSlice:${t.localNumByteSlice}})`,
      )
    }
    if (t.extraProgramPages !== 0n) {
      fail(`inappropriate non-zero tx.ExtraProgramPages (${t.extraProgramPages})`)
    }
    pages = p.maxExtraAppProgramPages
  }
  checkProgramSizes(t, pages, p)
  if (t.applicationArgs.length > p.maxAppArgs) {
    fail(`tx.ApplicationArgs has too many arguments. ${t.applicationArgs.length} > ${p.maxAppArgs}`)
  }
  const argSum = t.applicationArgs.reduce((n, a) => n + a.length, 0)
  if (argSum > p.maxAppTotalArgLen) {
    fail(`tx.ApplicationArgs total length is too long. ${argSum} > ${p.maxAppTotalArgLen}`)
  }
  if (t.accounts.length > p.maxAppTxnAccounts) {
    fail(`tx.Accounts too long, max number of accounts is ${p.maxAppTxnAccounts}`)
  }
  if (t.foreignApps.length > p.maxAppTxnForeignApps) {
    fail(`tx.ForeignApps too long, max number of foreign apps is ${p.maxAppTxnForeignApps}`)
  }
  if (t.foreignAssets.length > p.maxAppTxnForeignAssets) {
    fail(`tx.ForeignAssets too long, max number of foreign assets is ${p.maxAppTxnForeignAssets}`)
  }
  if (t.boxes.length > p.maxAppBoxReferences) {
    fail(`tx.Boxes too long, max number of box references is ${p.maxAppBoxReferences}`)
  }
  const refs = t.accounts.length + t.foreignApps.length + t.foreignAssets.length + t.boxes.length
  if (refs > p.maxAppTotalTxnReferences) {
    fail(`tx references exceed MaxAppTotalTxnReferences = ${p.maxAppTotalTxnReferences}`)
  }
  t.boxes.forEach((br, i) => {
    if (br.index > t.foreignApps.length) {
      fail(`tx.Boxes[${i}].Index is ${br.index}. Exceeds len(tx.ForeignApps)`)
    }
    if (br.name.length > p.maxAppKeyLen) {
      fail(`tx.Boxes[${i}].Name too long, max len ${p.maxAppKeyLen} bytes`)
    }
  })
  const local = t.localNumUint + t.localNumByteSlice
  if (local > BigInt(p.maxLocalSchemaEntries)) {
    fail(`tx.LocalStateSchema is too large. ${local} > ${p.maxLocalSchemaEntries}`)
  }
  const global = t.globalNumUint + t.globalNumByteSlice
  if (global > BigInt(p.maxGlobalSchemaEntries)) {
    fail(`tx.GlobalStateSchema is too large. ${global} > ${p.maxGlobalSchemaEntries}`)
  }
}

function typeWellFormed(t: Txn, s: SpecialAddresses, p: LedgerProtocol): void {
  switch (t.type) {
    case 'pay':
      if (bytesEqual(t.sender, t.closeRemainderTo)) {
        fail(`transaction cannot close account to its sender ${encodeAddress(t.sender)}`)
      }
      // Payouts are enabled (v40): the fee sink cannot spend at all.
      if (bytesEqual(t.sender, s.feeSink)) {
        fail(`cannot spend from fee sink address ${encodeAddress(t.sender)}`)
      }
      return
    case 'keyreg':
      return
    case 'acfg':
      if (t.configAssetName.length > p.maxAssetNameBytes) {
        fail(`transaction asset name too big: ${t.configAssetName.length} > ${p.maxAssetNameBytes}`)
      }
      if (t.configAssetUnitName.length > p.maxAssetUnitNameBytes) {
        fail(
          `transaction asset unit name too big: ${t.configAssetUnitName.length} > ${p.maxAssetUnitNameBytes}`,
        )
      }
      if (t.configAssetUrl.length > p.maxAssetURLBytes) {
        fail(`transaction asset url too big: ${t.configAssetUrl.length} > ${p.maxAssetURLBytes}`)
      }
      if (t.configAssetDecimals > BigInt(p.maxAssetDecimals)) {
        fail(`transaction asset decimals is too high (max is ${p.maxAssetDecimals})`)
      }
      return
    case 'axfer':
      if (t.xferAsset === 0n && t.assetAmount !== 0n) fail('asset ID cannot be zero')
      if (!isZero(t.assetSender) && !isZero(t.assetCloseTo)) fail('cannot close asset by clawback')
      return
    case 'afrz':
      if (t.freezeAsset === 0n) fail('asset ID cannot be zero')
      if (isZero(t.freezeAssetAccount)) fail('freeze account cannot be empty')
      return
    case 'appl':
      appWellFormed(t, p)
      return
    case 'stpf':
      fail('state proof transactions are not supported on this devnet')
      break
    case 'hb':
      fail('heartbeat transactions are not supported on this devnet')
      break
    default:
      fail(`unknown tx type ${String(t.type)}`)
  }
}

export function wellFormed(t: Txn, s: SpecialAddresses, p: LedgerProtocol): void {
  typeWellFormed(t, s, p)
  if (t.lastValid < t.firstValid) {
    fail(`transaction invalid range (${t.firstValid}--${t.lastValid})`)
  }
  if (t.lastValid - t.firstValid > p.maxTxnLife) {
    fail(`transaction window size excessive (${t.firstValid}--${t.lastValid})`)
  }
  if (t.note.length > p.maxTxnNoteBytes) {
    fail(`transaction note too big: ${t.note.length} > ${p.maxTxnNoteBytes}`)
  }
  if (bytesEqual(t.sender, s.rewardsPool)) fail('transaction from incentive pool is invalid')
  if (isZero(t.sender)) fail('transaction cannot have zero sender')
}
