/**
 * go-algorand data/basics/userBalance.go `MinBalance`: the base minimum, plus per asset holding,
 * per created app (and its extra pages), per opted-in app, per schema entry (created apps' global
 * schemas and opted-in apps' local schemas), and per box and box byte.
 */
import type { LedgerProtocol } from './protocol.js'
import type { AccountData } from './state.js'

export function minBalance(a: AccountData, p: LedgerProtocol): bigint {
  const n = BigInt
  return (
    p.minBalance +
    p.minBalance * n(a.totalAssets) +
    p.appFlatParamsMinBalance * n(a.totalAppParams) +
    p.appFlatOptInMinBalance * n(a.totalAppLocalStates) +
    (p.schemaMinBalancePerEntry + p.schemaUintMinBalance) * n(a.schemaUints) +
    (p.schemaMinBalancePerEntry + p.schemaBytesMinBalance) * n(a.schemaBytes) +
    p.appFlatParamsMinBalance * n(a.extraPages) +
    p.boxFlatMinBalance * n(a.totalBoxes) +
    p.boxByteMinBalance * n(a.totalBoxBytes)
  )
}
