/**
 * The explorer: plain server-rendered HTML pages on the algod port (no JavaScript), so the
 * product's explorer links work offline. Every page escapes all chain data (see html.ts) and is
 * served with a Content-Security-Policy that forbids scripts and any other loads; bad or unknown
 * ids get an HTML 400/404 page, never a 500.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { addressPage } from './page-address.js'
import { applicationPage } from './page-application.js'
import { assetPage } from './page-asset.js'
import { blockPage, homePage, searchTarget } from './page-home.js'
import { txPage } from './page-tx.js'
import { type ExplorerContext, ExplorerError } from './context.js'
import { layout, markup, type Page } from './html.js'

export type { ExplorerContext } from './context.js'

const EXPLORER_PREFIX = '/explorer'

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // Pages show live chain state.
  'cache-control': 'no-store',
} as const

async function sendPage(reply: FastifyReply, page: Page): Promise<void> {
  await reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .send(layout(page))
}

function errorPage(status: number, message: string): Page {
  const title = status === 404 ? 'Not found' : status === 400 ? 'Bad request' : 'Error'
  return {
    status,
    title,
    body: markup`<h1>${title}</h1><p>${message}</p>
<p><a href="/explorer/">Back to the explorer</a></p>`,
  }
}

/**
 * Ids are taken with a wildcard rather than a `:param`, so an overlong one reaches the page (and
 * gets its HTML 400) instead of Fastify's JSON 414 for parameters over 100 characters.
 */
interface IdParams {
  '*'?: string
}

/** Mounts the pages under /explorer on `app` (algod's server; its public paths include them). */
export async function registerExplorer(app: FastifyInstance, ctx: ExplorerContext): Promise<void> {
  await app.register(
    (scope, _opts, done) => {
      scope.addHook('onSend', (_req, reply, payload, next) => {
        void reply.headers(SECURITY_HEADERS)
        next(null, payload)
      })
      scope.setErrorHandler(async (error: { statusCode?: number; message: string }, req, reply) => {
        if (error instanceof ExplorerError) {
          await sendPage(reply, errorPage(error.statusCode, error.message))
          return
        }
        const status = error.statusCode ?? 500
        if (status < 500) {
          await sendPage(reply, errorPage(status, 'The request could not be understood.'))
          return
        }
        // Our bug: say so in the log, show no details.
        console.error(`devnet explorer: ${req.url.slice(0, 200)}: ${error.message}`)
        await sendPage(reply, errorPage(500, 'Internal error.'))
      })
      scope.setNotFoundHandler(async (_req, reply) => {
        await sendPage(reply, errorPage(404, 'There is no such explorer page.'))
      })

      scope.get('/', async (_req, reply) => {
        await sendPage(reply, homePage(ctx))
      })
      scope.get<{ Querystring: { q?: unknown } }>('/search', async (req, reply) => {
        await reply.redirect(searchTarget(ctx, req.query.q), 303)
      })
      scope.get<{ Params: IdParams }>('/tx/*', async (req, reply) => {
        await sendPage(reply, txPage(ctx, req.params['*']))
      })
      scope.get<{ Params: IdParams }>('/address/*', async (req, reply) => {
        await sendPage(reply, addressPage(ctx, req.params['*']))
      })
      scope.get<{ Params: IdParams }>('/asset/*', async (req, reply) => {
        await sendPage(reply, assetPage(ctx, req.params['*']))
      })
      scope.get<{ Params: IdParams }>('/application/*', async (req, reply) => {
        await sendPage(reply, applicationPage(ctx, req.params['*']))
      })
      scope.get<{ Params: IdParams }>('/block/*', async (req, reply) => {
        await sendPage(reply, blockPage(ctx, req.params['*']))
      })
      done()
    },
    { prefix: EXPLORER_PREFIX },
  )
}
