/**
 * A light ARC-4 method signature check for the `method` pseudo-op. go-algorand only warns on a
 * bad signature (the ABI is not part of the protocol); our wording of the reason is our own.
 */

const BASIC =
  /^(uint(8|16|32|64|128|256|512)|byte|bool|address|string|account|asset|application|txn|pay|keyreg|acfg|axfer|afrz|appl|void)$/

function splitTopLevel(s: string): string[] | undefined {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++
    else if (s[i] === ')') depth--
    else if (s[i] === ',' && depth === 0) {
      parts.push(s.slice(start, i))
      start = i + 1
    }
    if (depth < 0) return undefined
  }
  if (depth !== 0) return undefined
  parts.push(s.slice(start))
  return parts
}

function validType(t: string, depth = 0): boolean {
  if (depth > 64 || t === '') return false
  const arr = /^(.*)\[(\d*)\]$/.exec(t)
  if (arr) return validType(arr[1], depth + 1)
  if (BASIC.test(t)) return t !== 'void' || depth === 0
  const ufixed = /^ufixed(\d+)x(\d+)$/.exec(t)
  if (ufixed) {
    const n = Number(ufixed[1])
    const m = Number(ufixed[2])
    return n % 8 === 0 && n >= 8 && n <= 512 && m >= 1 && m <= 160
  }
  const uint = /^uint(\d+)$/.exec(t)
  if (uint) return Number(uint[1]) % 8 === 0 && Number(uint[1]) >= 8 && Number(uint[1]) <= 512
  if (t.startsWith('(') && t.endsWith(')')) {
    const inner = t.slice(1, -1)
    if (inner === '') return true
    const parts = splitTopLevel(inner)
    return parts !== undefined && parts.every((p) => validType(p, depth + 1))
  }
  return false
}

/** Undefined when `sig` looks like `name(arg,...)ret`; otherwise a reason. */
export function verifyMethodSignature(sig: string): string | undefined {
  const open = sig.indexOf('(')
  if (open <= 0) return `no name or argument list in ${sig}`
  let depth = 0
  let close = -1
  for (let i = open; i < sig.length; i++) {
    if (sig[i] === '(') depth++
    if (sig[i] === ')' && --depth === 0) {
      close = i
      break
    }
  }
  if (close === -1) return `unbalanced parentheses in ${sig}`
  const args = sig.slice(open + 1, close)
  const ret = sig.slice(close + 1)
  const argTypes = args === '' ? [] : splitTopLevel(args)
  if (!argTypes || !argTypes.every((a) => a !== 'void' && validType(a, 1))) {
    return `invalid argument types in ${sig}`
  }
  if (!validType(ret)) return `invalid return type in ${sig}`
  return undefined
}
