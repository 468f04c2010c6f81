/**
 * Stack types, as the AVM declares them in each opcode's prototype.
 *
 * The evaluator only distinguishes `uint64` and `bytes` (its two runtime kinds); the finer named
 * types (bool, address, [32]byte, ...) carry bounds that the assembler's type check uses, the way
 * go-algorand's `StackType` does.
 */

/** The two runtime kinds of a stack value, plus the pseudo-kinds of a prototype slot. */
export type AvmType = 'uint64' | 'bytes' | 'any' | 'none'

export interface StackType {
  readonly name: string
  readonly avm: AvmType
  /** Inclusive bounds: on the value for uint64 types, on the length for byte types. */
  readonly bound: readonly [bigint, bigint]
}

const MAX_UINT64 = (1n << 64n) - 1n
/** Longest byte string the AVM will hold on its stack or in scratch. */
export const MAX_STRING_SIZE = 4096

const t = (name: string, avm: AvmType, lo: bigint, hi: bigint): StackType => ({
  name,
  avm,
  bound: [lo, hi],
})

export const ANY = t('any', 'any', 0n, 0n)
export const NONE = t('none', 'none', 0n, 0n)
export const UINT64 = t('uint64', 'uint64', 0n, MAX_UINT64)
export const BOOL = t('bool', 'uint64', 0n, 1n)
export const BYTES = t('[]byte', 'bytes', 0n, BigInt(MAX_STRING_SIZE))
export const BIGINT = t('bigint', 'bytes', 0n, 64n)
export const STATE_KEY = t('stateKey', 'bytes', 0n, 64n)
export const BOX_NAME = t('boxName', 'bytes', 1n, 64n)
export const METHOD = t('method', 'bytes', 4n, 4n)
export const ADDRESS = t('address', 'bytes', 32n, 32n)

const fixed = new Map<number, StackType>()
/** `[n]byte`: a byte string of exactly n bytes. */
export function bytesOfLength(n: number): StackType {
  let st = fixed.get(n)
  if (!st) {
    st = t(`[${n}]byte`, 'bytes', BigInt(n), BigInt(n))
    fixed.set(n, st)
  }
  return st
}

const CODES: Readonly<Partial<Record<string, StackType>>> = {
  i: UINT64,
  b: BYTES,
  a: ANY,
  T: BOOL,
  A: ADDRESS,
  I: BIGINT,
  K: STATE_KEY,
  N: BOX_NAME,
  M: METHOD,
}

/**
 * Parses a compact prototype such as `'b b64 b32:T'` (args, colon, results). Codes: i uint64,
 * b []byte, bN [N]byte, a any, T bool, A address, I bigint, K stateKey, N boxName, M method.
 */
export function parseProto(proto: string): { args: StackType[]; returns: StackType[] } {
  const side = (s: string): StackType[] =>
    s
      .split(' ')
      .filter((w) => w !== '')
      .map((w) => {
        const m = /^b(\d+)$/.exec(w)
        if (m) return bytesOfLength(Number(m[1]))
        const st = CODES[w]
        if (!st) throw new Error(`bad prototype code ${w} in '${proto}'`)
        return st
      })
  const sides = proto.split(':')
  if (sides.length !== 2) throw new Error(`bad prototype '${proto}'`)
  return { args: side(sides[0]), returns: side(sides[1]) }
}

/** Whether a value of type `have` may be used where `want` is declared (go-algorand's overlap rule). */
export function typesOverlap(want: StackType, have: StackType): boolean {
  if (want.avm === 'none' || have.avm === 'none') return false
  if (want.avm === 'any' || have.avm === 'any') return true
  if (want.avm !== have.avm) return false
  return want.bound[0] <= have.bound[1] && have.bound[0] <= want.bound[1]
}
