/**
 * The constant pseudo-ops `int`, `byte`, `addr` and `method`. They go through the constant block
 * (see constants.ts), except after a hand-written block from BACK_BRANCH_VERSION on, or with
 * several hand-written blocks, where go-algorand falls back to pushint/pushbytes.
 */
import { sha512_256 } from '@noble/hashes/sha2.js'
import { decodeAddress } from '../encoding/address.js'
import { opTable } from '../spec/opcodes.js'
import { BACK_BRANCH_VERSION } from '../spec/versions.js'
import { asmPushBytes, asmPushInt, checkArgCount, MAX_STRING_SIZE } from './asm.js'
import { byteLiteral, intLiteral } from './constants.js'
import { goQuote, parseUint } from './goparse.js'
import type { Token } from './lexer.js'
import { parseBinaryArgs, parseStringLiteral } from './literals.js'
import { verifyMethodSignature } from './method.js'
import { namedIntConstant } from './named.js'
import { asmSpecOf, tokenError, tokenErrorAfter } from './state.js'
import type { AsmFunc, AsmSpec, OpStream, SourceError } from './state.js'

function pushSpec(ops: OpStream, name: 'pushint' | 'pushbytes'): AsmSpec | undefined {
  const spec = opTable(ops.gateVersion).byName.get(name)
  if (!spec) return undefined
  // Both run in any mode, so appOnly is false.
  return asmSpecOf(spec, name === 'pushint' ? asmPushInt : asmPushBytes)
}

const FALLBACKS = {
  int: {
    push: 'pushint',
    block: 'intcblock',
    use: 'intc',
    blocks: (o: OpStream) => o.cntIntcBlock,
  },
  byte: {
    push: 'pushbytes',
    block: 'bytecblock',
    use: 'bytec',
    blocks: (o: OpStream) => o.cntBytecBlock,
  },
} as const

/**
 * After hand-written constant blocks `int`/`byte` push their value instead (go-algorand's
 * asmInt/asmByte): `{ done }` with the push's result, or undefined to use the constant block.
 * `errorAt` is where go reports the "Use intc/bytec" error (it differs between the two).
 */
function pushInstead(
  ops: OpStream,
  kind: keyof typeof FALLBACKS,
  mnemonic: Token,
  args: readonly Token[],
  errorAt: Token,
): { done: SourceError | undefined } | undefined {
  const f = FALLBACKS[kind]
  const first = args[0]
  const blocks = f.blocks(ops)
  if (blocks > 0 && ops.gateVersion >= BACK_BRANCH_VERSION) {
    // Control flow is too complex to know which block is in force: push instead.
    ops.warn(first, `${kind} ${first.str} used with explicit ${f.block}. must ${f.push}`)
    const push = pushSpec(ops, f.push)!
    return { done: push.asm(ops, push, mnemonic, args) }
  }
  if (blocks > 1) {
    const push = pushSpec(ops, f.push)
    if (push) return { done: push.asm(ops, push, mnemonic, args) }
    const message = `${kind} ${first.str} used with manual ${f.block}s. Use ${f.use}.`
    return { done: tokenError(errorAt, message) }
  }
  return undefined
}

export const asmInt: AsmFunc = (ops, spec, mnemonic, args) => {
  const e = checkArgCount(spec.name, mnemonic, args, 1)
  if (e) return e
  const arg = args[0]
  const pushed = pushInstead(ops, 'int', mnemonic, args, mnemonic)
  if (pushed) return pushed.done
  let value = namedIntConstant(arg.str)
  if (value === undefined) {
    const r = parseUint(arg.str, 0, 64)
    if (!r.ok) return tokenError(arg, `unable to parse ${goQuote(arg.str)} as integer`)
    value = r.value
  }
  const err = intLiteral(ops, value)
  return err === undefined ? undefined : tokenError(arg, err)
}

export const asmByte: AsmFunc = (ops, spec, mnemonic, args) => {
  if (args.length === 0)
    return tokenErrorAfter(mnemonic, `${spec.name} needs byte literal argument`)
  const first = args[0]
  const pushed = pushInstead(ops, 'byte', mnemonic, args, first)
  if (pushed) return pushed.done
  const r = parseBinaryArgs(args)
  if (!r.ok) return tokenError(args[r.consumed], `${spec.name} ${r.message}`)
  if (args.length !== r.consumed) {
    return tokenError(args[r.consumed], `${spec.name} with extraneous argument`)
  }
  if (r.value.length > MAX_STRING_SIZE) {
    return tokenError(
      first,
      `${spec.name} value is too big (${r.value.length} bytes, limit ${MAX_STRING_SIZE})`,
    )
  }
  const err = byteLiteral(ops, r.value)
  return err === undefined ? undefined : tokenError(first, err)
}

export const asmAddr: AsmFunc = (ops, spec, mnemonic, args) => {
  const e = checkArgCount(spec.name, mnemonic, args, 1)
  if (e) return e
  const arg = args[0]
  const r = decodeAddress(arg.str)
  if (!r.ok) return tokenError(arg, r.error)
  const err = byteLiteral(ops, Buffer.from(r.key).toString('latin1'))
  return err === undefined ? undefined : tokenError(arg, err)
}

/** `method "sig"`: the ARC-4 selector, the first 4 bytes of SHA-512/256 of the signature. */
export const asmMethod: AsmFunc = (ops, spec, mnemonic, args) => {
  const e = checkArgCount(spec.name, mnemonic, args, 1)
  if (e) return e
  const arg = args[0]
  const s = arg.str
  if (!(s.length > 1 && s.startsWith('"') && s.endsWith('"'))) {
    return tokenError(arg, 'unable to parse method signature')
  }
  const sig = parseStringLiteral(s)
  if (sig.value === undefined) return tokenError(arg, sig.error!)
  const problem = verifyMethodSignature(sig.value)
  if (problem !== undefined) {
    // Only a warning: the ABI is not part of the protocol and may grow types we don't know.
    ops.warn(arg, `invalid ARC-4 ABI method signature for method op: ${problem}`)
  }
  const hash = sha512_256(Buffer.from(sig.value, 'latin1'))
  const err = byteLiteral(ops, Buffer.from(hash.subarray(0, 4)).toString('latin1'))
  return err === undefined ? undefined : tokenError(arg, err)
}
