/**
 * POST /v2/teal/compile and /v2/teal/disassemble through @unica/avm, answering as go-algorand's
 * TealCompile / TealDisassemble do (algod with EnableDeveloperAPI, as LocalNet runs it).
 */
import { assemble, disassemble, formatError, type SourceError } from '@unica/avm'
import { modelsv2 } from 'algosdk'
import type { FastifyInstance } from 'fastify'

import { HttpError } from '../http/server.js'
import type { AlgodContext } from './context.js'
import { optionalBool, type Query } from './params.js'
import { sendJSON, sendModel } from './respond.js'
import { bodyBytes } from './routes-transactions.js'

/** algod's MaxTealSourceBytes. */
const MAX_TEAL_SOURCE_BYTES = 512 * 1024

/** go's OpStream.ReportMultipleErrors with no file name: what algod puts in the 400 message. */
function reportErrors(errors: readonly SourceError[], warnings: readonly SourceError[]): string {
  if (errors.length === 1 && warnings.length === 0) return `1 error: ${formatError(errors[0])}\n`
  return [...errors.slice(0, 10), ...warnings.slice(0, 10)]
    .map((e) => `${formatError(e)}\n`)
    .join('')
}

export function tealRoutes(app: FastifyInstance, _ctx: AlgodContext): void {
  app.post<{ Querystring: Query }>(
    '/v2/teal/compile',
    { bodyLimit: MAX_TEAL_SOURCE_BYTES },
    (req, reply) => {
      const wantSourceMap = optionalBool(req.query, 'sourcemap') ?? false
      const source = new TextDecoder().decode(bodyBytes(req.body))
      const result = assemble(source)
      if (!result.ok) throw new HttpError(400, reportErrors(result.errors, result.warnings))
      const response = {
        hash: result.hash,
        result: Buffer.from(result.program).toString('base64'),
        // algod names the single source "<body>" (logic.GetSourceMap([]string{"<body>"}, ...)).
        ...(wantSourceMap ? { sourcemap: { ...result.sourceMap, sources: ['<body>'] } } : {}),
      }
      return sendJSON(reply, response)
    },
  )

  app.post('/v2/teal/disassemble', { bodyLimit: MAX_TEAL_SOURCE_BYTES }, (req, reply) => {
    const result = disassemble(bodyBytes(req.body))
    if (!result.ok) throw new HttpError(400, result.error)
    return sendModel(reply, new modelsv2.DisassembleResponse({ result: result.text }))
  })
}
