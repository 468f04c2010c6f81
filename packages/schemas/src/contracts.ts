/**
 * Contract endpoints: compile_* answers and the deploy/configure submissions (docs/product.md §3,
 * §7).
 */
import { z } from 'zod'
import { IdInput, TxId } from './common.js'

export const CompileProxyBody = z.object({
  proxy_id: z
    .number()
    .int('Must be a whole number.')
    .min(0, 'Must be at least 0.')
    .max(2147483646, 'Must be below 2147483647.'),
})

/** A compiled program: base64 bytes and its address (sha512_256 of "Program" || bytes). */
export const CompileResult = z.object({ hash: z.string(), result: z.string() })
export type CompileResult = z.infer<typeof CompileResult>

export const ManagerParams = z.object({
  num_local_ints: z.number(),
  num_local_byte_slices: z.number(),
  num_global_ints: z.number(),
  num_global_byte_slices: z.number(),
  /** Ours, additive: program pages beyond the first (v3's manager needs one). */
  extra_program_pages: z.number().optional(),
})

export const CompileManagerResult = CompileResult.extend({ params: ManagerParams })

export const SubmitContractBody = z.object({ app_id: IdInput, tx_id: TxId })
export type SubmitContractBody = z.infer<typeof SubmitContractBody>

/** @alias The configuration's submission carries what a deploy's does. */
export const SubmitConfigurationBody = SubmitContractBody
