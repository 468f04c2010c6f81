/**
 * Elliptic-curve opcodes over BN254 and BLS12-381 (v10: ec_add, ec_scalar_mul, ec_pairing_check,
 * ec_multi_scalar_mul, ec_subgroup_check, ec_map_to) and mimc (v11), after go-algorand's
 * pairing.go and crypto.go. Group arithmetic and encodings live in ec-group.ts.
 */
import { bytesToNumberBE } from '@noble/curves/utils.js'
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import { boolToUint } from '../value.js'
import { GROUPS, SCALAR_SIZE, pairingCheckFor, type Group } from './ec-group.js'
import { MIMC_CONFIGS, mimc } from './ec-mimc.js'

/** The group named by the immediate; all four appeared with the opcodes, so no version check. */
function group(cx: EvalContext, op: string): Group {
  const g = GROUPS.at(cx.imm(0))
  if (g === undefined) fail(`invalid ${op} group EcGroup(${cx.imm(0)})`)
  return g
}

/** The two byte-string operands of an op taking two (`b` on top). */
function operands(cx: EvalContext): [a: Uint8Array, b: Uint8Array] {
  const b = cx.popBytes()
  return [cx.popBytes(), b]
}

function ecAdd(cx: EvalContext): void {
  const g = group(cx, 'ec_add')
  const [a, b] = operands(cx)
  cx.push(g.add(a, b))
}

function ecScalarMul(cx: EvalContext): void {
  const g = group(cx, 'ec_scalar_mul')
  const [a, k] = operands(cx)
  if (k.length > SCALAR_SIZE) fail(`ec_scalar_mul scalar len is ${k.length}, exceeds 32`)
  cx.push(g.scalarMul(a, bytesToNumberBE(k)))
}

function ecPairingCheck(cx: EvalContext): void {
  group(cx, 'ec_pairing_check')
  const [a, b] = operands(cx)
  cx.push(boolToUint(pairingCheckFor(cx.imm(0), a, b)))
}

function ecMultiScalarMul(cx: EvalContext): void {
  const g = group(cx, 'ec_multi_scalar_mul')
  const [points, scalars] = operands(cx)
  cx.push(g.multiScalarMul(points, scalars))
}

// go-algorand reports unknown groups of the last two ops as "ec_pairing_check" (copied text).
function ecSubgroupCheck(cx: EvalContext): void {
  const g = group(cx, 'ec_pairing_check')
  cx.push(boolToUint(g.subgroupCheck(cx.popBytes())))
}

function ecMapTo(cx: EvalContext): void {
  const g = group(cx, 'ec_pairing_check')
  cx.push(g.mapTo(cx.popBytes()))
}

function opMimc(cx: EvalContext): void {
  const c = MIMC_CONFIGS.at(cx.imm(0))
  if (c === undefined) fail(`invalid mimc config MimcConfig(${cx.imm(0)})`)
  cx.push(mimc(c, cx.popBytes()))
}

export const EC_OPS: OpFamily = {
  ec_add: ecAdd,
  ec_scalar_mul: ecScalarMul,
  ec_pairing_check: ecPairingCheck,
  ec_multi_scalar_mul: ecMultiScalarMul,
  ec_subgroup_check: ecSubgroupCheck,
  ec_map_to: ecMapTo,
  mimc: opMimc,
}
