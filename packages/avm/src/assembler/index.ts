/** Public API of the TEAL assembler and disassembler. */
export {
  assemble,
  formatError,
  type AssembleOptions,
  type AssembleResult,
  type PcLocation,
} from './assemble.js'
export { disassemble, type DisassembleResult } from './disassemble.js'
export type { SourceError } from './state.js'
export type { SourceMap } from './sourcemap.js'
