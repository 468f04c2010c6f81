/**
 * kmd's REST API on a server from `createServer({ tokenHeader: 'X-KMD-API-Token' })`: the v1
 * routes of go-algorand's daemon/kmd/api (api.go, v1/handlers.go), with kmd's response envelope
 * (`error`, `message`) on every v1 answer, success or failure.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { readBody, type Body } from './requests.js'
import { KmdService, type KmdOptions } from './service.js'

/** Served without a token, as kmd serves /versions (and a /health for the devnet's checks). */
export const KMD_PUBLIC_PATHS: readonly RegExp[] = [/^\/versions$/, /^\/health$/]

type Operation = (body: Body) => Record<string, unknown>

export function registerKmd(app: FastifyInstance, options: KmdOptions): KmdService {
  const kmd = new KmdService(options)

  // Errors leave the shared plumbing as `{message}`; kmd clients expect the envelope too.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload
    try {
      const parsed = JSON.parse(payload) as unknown
      if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
        const { message } = parsed
        return JSON.stringify({ error: true, message: String(message) })
      }
    } catch {
      // Not JSON: leave it as it is.
    }
    return payload
  })

  app.get('/versions', () => Promise.resolve({ versions: ['v1'] }))
  app.get('/health', () => Promise.resolve({}))
  app.get('/v1/wallets', () => Promise.resolve(envelope(kmd.listWallets())))

  const post = (path: string, operation: Operation): void => {
    app.post(path, handler(operation))
  }
  post('/v1/wallet', (b) => kmd.createWallet(b))
  post('/v1/wallet/init', (b) => kmd.initHandle(b))
  post('/v1/wallet/release', (b) => kmd.releaseHandle(b))
  post('/v1/wallet/renew', (b) => kmd.renewHandle(b))
  post('/v1/wallet/rename', (b) => kmd.renameWallet(b))
  post('/v1/wallet/info', (b) => kmd.walletInfo(b))
  post('/v1/master-key/export', (b) => kmd.exportMasterKey(b))
  post('/v1/key', (b) => kmd.generateKey(b))
  post('/v1/key/import', (b) => kmd.importKey(b))
  post('/v1/key/export', (b) => kmd.exportKey(b))
  post('/v1/key/list', (b) => kmd.listKeys(b))
  post('/v1/transaction/sign', (b) => kmd.signTransaction(b))
  post('/v1/multisig/list', (b) => kmd.listMultisig(b))
  post('/v1/multisig/import', (b) => kmd.importMultisig(b))
  post('/v1/multisig/export', (b) => kmd.exportMultisig(b))
  post('/v1/multisig/sign', (b) => kmd.signMultisig(b))
  app.delete(
    '/v1/key',
    handler((b) => kmd.deleteKey(b)),
  )
  app.delete(
    '/v1/multisig',
    handler((b) => kmd.deleteMultisig(b)),
  )

  return kmd
}

function handler(operation: Operation) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = operation(readBody(req.body))
    await reply.header('content-type', 'application/json; charset=utf-8').send(envelope(result))
  }
}

function envelope(body: Record<string, unknown>): Record<string, unknown> {
  return { error: false, message: '', ...body }
}
