/**
 * Source map v3 of an assembled program, as go-algorand's GetSourceMap (and algod's
 * `/v2/teal/compile?sourcemap=true`) produce it: one `mappings` segment per program byte, each
 * [0, 0, delta line, delta column] for bytes that start an instruction, empty otherwise.
 */
import type { SourceLocation } from './state.js'

export interface SourceMap {
  version: 3
  sources: string[]
  names: string[]
  mappings: string
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function vlq(value: number): string {
  let v = value < 0 ? (-value << 1) | 1 : value << 1
  let out = ''
  while (v >= 32) {
    out += B64[32 | (v & 31)]
    v >>= 5
  }
  return out + B64[v]
}

function makeSourceMapLine(tcol: number, sindex: number, sline: number, scol: number) {
  return vlq(tcol) + vlq(sindex) + vlq(sline) + vlq(scol)
}

/** `locations` maps pc to 0-based source line and column. */
export function buildSourceMap(
  locations: ReadonlyMap<number, SourceLocation>,
  sources: string[] = [],
): SourceMap {
  const maxPC = Math.max(0, ...locations.keys())
  const segments: string[] = []
  let prev: SourceLocation = { line: 0, column: 0 }
  for (let pc = 0; pc <= maxPC; pc++) {
    const loc = locations.get(pc)
    if (loc) {
      segments.push(makeSourceMapLine(0, 0, loc.line - prev.line, loc.column - prev.column))
      prev = loc
    } else {
      segments.push('')
    }
  }
  return { version: 3, sources, names: [], mappings: segments.join(';') }
}
