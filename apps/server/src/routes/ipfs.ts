/**
 * GET and HEAD /ipfs/{cid}: our IPFS gateway (docs/ipfs.md §4). It answers only from our own store,
 * never from the network: a CID we do not hold is a 404, a malformed one a 400.
 *
 * - As a file for browsers and wallets: the bytes with their sniffed media type, one byte range
 *   when asked (`Range: bytes=a-b`), ETag `"{cid}"`.
 * - As the trustless gateway answers IPFS clients, who verify what they get: `?format=raw` or
 *   `Accept: application/vnd.ipld.raw` gives the single block; `?format=car` or
 *   `Accept: application/vnd.ipld.car` a CAR of the file's DAG.
 *
 * Content never changes under its CID, so every answer is cacheable forever. Uploaded bytes are
 * served from our origin, so they get the same locked-down policy as /media.
 */
import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CAR_MEDIA_TYPE, FileTooLarge, NotAFile, parseCid, type CID } from '@unica/ipfs'
import type { RouteContext } from '../context.js'
import { ApiError, badRequest, notFound } from '../errors.js'

const RAW = 'application/vnd.ipld.raw'
const CAR = 'application/vnd.ipld.car'

type Format = 'file' | 'raw' | 'car'

/** `?format=` wins over Accept (as the trustless gateway specifies); else the first we know. */
function formatOf(query: 'raw' | 'car' | undefined, accept: string | undefined): Format {
  if (query !== undefined) return query
  for (const part of (accept ?? '').split(',')) {
    const type = part.split(';')[0].trim().toLowerCase()
    if (type === RAW) return 'raw'
    if (type === CAR) return 'car'
  }
  return 'file'
}

/** One range `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; null when unsatisfiable. */
function byteRange(
  header: string | undefined,
  size: number,
): { offset: number; length: number } | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '')
  // No Range, or several ranges, or units we do not know: the whole file, as HTTP allows.
  if (match === null) return undefined
  const [, from, to] = match
  if (from === '' && to === '') return undefined
  let start: number
  let end: number
  if (from === '') {
    start = Math.max(0, size - Number(to))
    end = size - 1
  } else {
    start = Number(from)
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  }
  if (start >= size || end < start) return null
  return { offset: start, length: end - start + 1 }
}

function immutable(reply: FastifyReply, cid: CID): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-ipfs-path', `/ipfs/${cid.toString()}`)
    .header('vary', 'Accept')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
}

export function ipfsRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/ipfs/:cid',
      schema: {
        hide: true,
        params: z.object({ cid: z.string().max(200) }),
        querystring: z.object({ format: z.enum(['raw', 'car']).optional() }),
      },
      handler: async (request, reply) => {
        const cid = parseCid(request.params.cid)
        if (cid === undefined) throw badRequest('Not the CID of an IPFS file.')
        const store = ctx.ipfs
        if (store === undefined) throw notFound()
        const head = request.method === 'HEAD'
        const format = formatOf(request.query.format, request.headers.accept)
        const etag = `"${cid.toString()}${format === 'file' ? '' : `.${format}`}"`
        if (request.headers['if-none-match']?.split(',').some((t) => t.trim() === etag)) {
          return immutable(reply, cid).header('etag', etag).code(304).send()
        }

        if (format === 'raw') {
          const block = await store.block(cid)
          if (block === undefined) throw notFound()
          immutable(reply, cid)
            .header('etag', etag)
            .header('content-type', RAW)
            .header('content-length', block.length)
            .header('content-disposition', `attachment; filename="${cid.toString()}.bin"`)
          return reply.send(head ? undefined : Buffer.from(block))
        }

        if (format === 'car') {
          const car = await fileOf(() => store.car(cid))
          immutable(reply, cid)
            .header('etag', etag)
            .header('content-type', CAR_MEDIA_TYPE)
            .header('content-disposition', `attachment; filename="${cid.toString()}.car"`)
          return reply.send(head ? undefined : Readable.from(car))
        }

        const file = await fileOf(() => store.file(cid))
        const range = byteRange(request.headers.range, file.size)
        immutable(reply, cid)
          .header('etag', etag)
          .header('accept-ranges', 'bytes')
          .header('content-type', file.mediaType)
        if (range === null) {
          return reply
            .code(416)
            .header('content-range', `bytes */${String(file.size)}`)
            .send()
        }
        if (range !== undefined) {
          const last = range.offset + range.length - 1
          reply
            .code(206)
            .header(
              'content-range',
              `bytes ${String(range.offset)}-${String(last)}/${String(file.size)}`,
            )
        }
        reply.header('content-length', range?.length ?? file.size)
        return reply.send(head ? undefined : Readable.from(file.read(range)))
      },
    })
    done()
  }
}

/** A stored file's reader: 404 when we do not hold it, a 4xx when it is not one we serve. */
async function fileOf<T>(read: () => Promise<T | undefined>): Promise<T> {
  let found: T | undefined
  try {
    found = await read()
  } catch (error) {
    if (error instanceof NotAFile) throw badRequest('This CID is not a file.')
    if (error instanceof FileTooLarge) throw new ApiError(404, 'Larger than this gateway serves.')
    throw error
  }
  if (found === undefined) throw notFound()
  return found
}
