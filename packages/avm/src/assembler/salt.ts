/**
 * `#pragma autosalt`: go-algorand can append salt so that a logic-sig program's hash is not an
 * Edwards25519 point (so no private key can exist for its address). It is the default only from
 * v13, beyond the versions this package assembles, so here it applies only when asked for.
 */
import { invert, mod, pow } from '@noble/curves/abstract/modular.js'
import { bytesToNumberLE } from '@noble/curves/utils.js'
import { encodeUvarint } from '../encoding/varuint.js'
import { programHash } from '../encoding/address.js'
import { opTable } from '../spec/opcodes.js'
import type { OpStream, SourceError } from './state.js'
import { prependCBlocks } from './constants.js'

const P = (1n << 255n) - 19n
const D = (-121665n * invert(121666n, P)) % P

/**
 * Whether 32 bytes decode as an Edwards25519 point the way filippo.io/edwards25519 SetBytes does:
 * y taken mod p (non-canonical accepted), and x² = (y² - 1) / (d·y² + 1) must be a square.
 */
function isEdwards25519Point(encoded: Uint8Array): boolean {
  if (encoded.length !== 32) return false
  const y = mod(bytesToNumberLE(encoded) & ((1n << 255n) - 1n), P)
  const y2 = (y * y) % P
  const u = mod(y2 - 1n, P)
  // Never zero: d·y² = -1 has no solution, -1/d being a non-square mod p.
  const v = mod(D * y2 + 1n, P)
  const x2 = (u * invert(v, P)) % P
  if (x2 === 0n) return true
  return pow(x2, (P - 1n) / 2n, P) === 1n
}

const onCurve = (program: Uint8Array): boolean => isEdwards25519Point(programHash(program))

const SALT_SEARCH_LIMIT = 128

type Prepared = { program: Uint8Array; prefixLength: number }

/** Applies `#pragma autosalt` to the assembled program, as go's finalizeProgram. */
export function finalizeSalt(ops: OpStream, prepared: Prepared): Prepared | { error: SourceError } {
  const { program } = prepared
  if (ops.autoSalt === 'off') {
    if (!ops.hasStatefulOps && onCurve(program) && ops.autoSaltToken) {
      ops.warn(ops.autoSaltToken, '#pragma autosalt false leaves program hash on curve')
    }
    return prepared
  }
  if (ops.autoSalt !== 'on') return prepared
  if (ops.hasStatefulOps && ops.autoSaltToken) {
    ops.warn(ops.autoSaltToken, '#pragma autosalt true used with stateful opcodes')
  }
  if (!onCurve(program)) return prepared
  if (ops.intc.length > 0 && ops.cntIntcBlock === 0) {
    // Salt goes at the end of the implicit intcblock.
    for (let salt = 0n; salt < BigInt(SALT_SEARCH_LIMIT); salt++) {
      const candidate = prependCBlocks(ops, [...ops.intc, salt])
      if (!onCurve(candidate.program)) return candidate
    }
    const message = 'could not find an automatic intcblock salt that yields an off-curve program'
    return { error: { line: ops.sourceLine, column: 0, message } }
  }
  const intcblock = opTable(ops.gateVersion).byName.get('intcblock')!.opcode
  for (let salt = 0; salt < SALT_SEARCH_LIMIT; salt++) {
    const candidate = Uint8Array.from([...program, intcblock, 1, ...encodeUvarint(BigInt(salt))])
    if (!onCurve(candidate)) return { program: candidate, prefixLength: prepared.prefixLength }
  }
  const message = 'could not find a trailing intcblock salt that yields an off-curve program'
  return { error: { line: ops.sourceLine, column: 0, message } }
}
