/**
 * Splitting source into lines and tokens the way go-algorand's assembler does (tokensFromLine,
 * nextStatement). Columns are byte offsets, as in Go, so the source is handled as a "byte string"
 * (one JavaScript char per UTF-8 byte, via latin1); messages are turned back into UTF-8 at the end.
 */

export interface Token {
  readonly str: string
  /** 0-based byte column. */
  readonly col: number
  /** 1-based line. */
  readonly line: number
}

export const toByteString = (text: string): string => Buffer.from(text, 'utf8').toString('latin1')
export const fromByteString = (s: string): string => Buffer.from(s, 'latin1').toString('utf8')

/** bufio.Scanner's default limit on a line. */
export const MAX_LINE_BYTES = 64 * 1024

/** Lines as bufio.ScanLines yields them: split on '\n', one trailing '\r' dropped. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
}

const isSeparator = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === ';'

/**
 * Tokens of one line. Whitespace separates; ';' is its own token; `//` starts a comment except
 * inside a string literal or a base64 literal (whose alphabet contains '/').
 */
export function tokensFromLine(line: string, lineno: number): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < line.length && isSeparator(line[i])) {
    if (line[i] === ';') tokens.push({ str: ';', col: i, line: lineno })
    i++
  }
  let start = i
  let inString = false
  let inBase64 = false
  while (i < line.length) {
    const c = line[i]
    if (!isSeparator(c)) {
      if (c === '"') {
        if (!inString) {
          if (i === 0 || isSeparator(line[i - 1])) inString = true
        } else if (line[i - 1] !== '\\') {
          inString = false
        }
      } else if (c === '/') {
        if (i < line.length - 1 && line[i + 1] === '/' && !inBase64 && !inString) {
          if (start !== i) tokens.push({ str: line.slice(start, i), col: start, line: lineno })
          return tokens
        }
      } else if (c === '(') {
        const prefix = line.slice(start, i)
        if (prefix === 'base64' || prefix === 'b64') inBase64 = true
      } else if (c === ')') {
        inBase64 = false
      }
      i++
      continue
    }
    if (!inString) {
      const s = line.slice(start, i)
      tokens.push({ str: s, col: start, line: lineno })
      if (c === ';') tokens.push({ str: ';', col: i, line: lineno })
      if (inBase64) inBase64 = false
      else if (s === 'base64' || s === 'b64') inBase64 = true
    }
    i++
    if (!inString) {
      while (i < line.length && isSeparator(line[i])) {
        if (line[i] === ';') tokens.push({ str: ';', col: i, line: lineno })
        i++
      }
      start = i
    }
  }
  if (start < line.length) tokens.push({ str: line.slice(start, i), col: start, line: lineno })
  return tokens
}

/**
 * Splits tokens at the first ';', expanding macros on the way (an expansion is itself re-scanned,
 * as go-algorand does). Returns the statement and the rest.
 */
export function nextStatement(
  macros: ReadonlyMap<string, readonly Token[]>,
  input: readonly Token[],
): [Token[], Token[]] {
  const tokens = [...input]
  let guard = 0
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]
    const replacement = macros.get(tok.str)
    // Cycles are rejected by #define; the guard only bounds pathological expansion sizes.
    if (replacement && guard++ < 100_000) {
      tokens.splice(i, 1, ...replacement.slice(1))
      i--
      continue
    }
    if (tok.str === ';') return [tokens.slice(0, i), tokens.slice(i + 1)]
  }
  return [tokens, []]
}
