/** The `global` opcode: protocol parameters, ledger facts and facts about the running program. */
import type { Ledger } from '../../ledger.js'
import { GLOBAL_FIELDS } from '../../spec/fields.js'
import { ZERO_ADDRESS } from '../../txn.js'
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import { appAddress } from '../resources.js'
import type { OpFamily } from '../handler.js'
import { boolToUint, type StackValue } from '../value.js'

/** go's stringer names: known fields by name, one past the last as `invalidGlobalField`. */
function globalFieldName(field: number): string {
  const fs = GLOBAL_FIELDS.fields.at(field)
  if (fs) return fs.name
  return field === GLOBAL_FIELDS.fields.length ? 'invalidGlobalField' : `GlobalField(${field})`
}

function ledgerOf(cx: EvalContext): Ledger {
  // App programs always have one (evalApp refuses to run without); a host may omit it for sigs.
  return cx.ep.ledger ?? fail('no ledger available')
}

type GlobalReader = (cx: EvalContext) => StackValue

const GLOBALS: Readonly<Partial<Record<string, GlobalReader>>> = {
  MinTxnFee: (cx) => cx.ep.proto.minTxnFee,
  MinBalance: (cx) => cx.ep.proto.minBalance,
  MaxTxnLife: (cx) => cx.ep.proto.maxTxnLife,
  ZeroAddress: () => ZERO_ADDRESS,
  GroupSize: (cx) => BigInt(cx.ep.group.length),
  // The protocol's newest version, not the running program's.
  LogicSigVersion: (cx) => BigInt(cx.ep.proto.logicSigVersion),
  Round: (cx) => ledgerOf(cx).round(),
  LatestTimestamp: (cx) => {
    const ts = ledgerOf(cx).latestTimestamp()
    if (ts < 0n) fail(`latest timestamp ${ts} < 0`)
    return ts
  },
  CurrentApplicationID: (cx) => cx.appId,
  CurrentApplicationAddress: (cx) => appAddress(cx.appId).slice(),
  CreatorAddress: (cx) =>
    ledgerOf(cx).appParams(cx.appId)?.creator ?? fail('No params for current app'),
  GroupID: (cx) => cx.txn.group,
  OpcodeBudget: (cx) => BigInt(cx.remainingBudget()),
  CallerApplicationID: (cx) => cx.ep.caller?.appId ?? 0n,
  CallerApplicationAddress: (cx) => cx.ep.caller?.appAddress ?? ZERO_ADDRESS,
  AssetCreateMinBalance: (cx) => cx.ep.proto.assetCreateMinBalance,
  AssetOptInMinBalance: (cx) => cx.ep.proto.assetOptInMinBalance,
  GenesisHash: (cx) => ledgerOf(cx).genesisHash(),
  PayoutsEnabled: (cx) => boolToUint(cx.ep.proto.payoutsEnabled),
  PayoutsGoOnlineFee: (cx) => cx.ep.proto.payoutsGoOnlineFee,
  PayoutsPercent: (cx) => cx.ep.proto.payoutsPercent,
  PayoutsMinBalance: (cx) => cx.ep.proto.payoutsMinBalance,
  PayoutsMaxBalance: (cx) => cx.ep.proto.payoutsMaxBalance,
}

export const GLOBAL_FIELD_OPS: OpFamily = {
  global: (cx) => {
    const field = cx.imm(0)
    const fs = GLOBAL_FIELDS.fields.at(field)
    if (fs === undefined || fs.version > cx.version) {
      fail(`invalid global field ${globalFieldName(field)}`)
    }
    if (fs.modes !== 'any' && fs.modes !== cx.mode) {
      fail(`global[${fs.name}] not allowed in current mode`)
    }
    const read = GLOBALS[fs.name]
    if (read === undefined) fail(`invalid global field ${fs.name}`)
    cx.push(read(cx))
  },
}
