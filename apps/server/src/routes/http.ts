/** Small helpers the routes share: absolute URLs, pagination links, write rate limits, view-as. */
import type { FastifyRequest } from 'fastify'
import algosdk from 'algosdk'
import { PAGE_DEFAULT_LIMIT, type AssetOrdering } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { badRequest } from '../errors.js'

/** The API's base URL: configured, else what the client asked for (it only affects its own answer). */
export function baseUrl(ctx: RouteContext, request: FastifyRequest): string {
  return ctx.publicUrl ?? `${request.protocol}://${request.host}`
}

/** next/previous links of a limit/offset page, keeping every other query parameter. */
export function pageLinks(
  ctx: RouteContext,
  request: FastifyRequest,
  count: number,
  limit: number,
  offset: number,
): { next: string | null; previous: string | null } {
  const link = (newOffset: number): string => {
    const url = new URL(request.url, baseUrl(ctx, request))
    url.searchParams.set('limit', String(limit))
    if (newOffset === 0) url.searchParams.delete('offset')
    else url.searchParams.set('offset', String(newOffset))
    return url.toString()
  }
  return {
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
  }
}

export function pageOf(query: { limit?: number; offset?: number }): {
  limit: number
  offset: number
} {
  return { limit: query.limit ?? PAGE_DEFAULT_LIMIT, offset: query.offset ?? 0 }
}

/** Per-IP limit for public writes (route config of @fastify/rate-limit). */
export function writeLimit(ctx: RouteContext): {
  rateLimit: { max: number; timeWindow: number }
} {
  return { rateLimit: { max: ctx.rateLimit.max, timeWindow: ctx.rateLimit.windowMs } }
}

/**
 * The X-View-As header: the connected account, if it is a well-formed address. It is a hint
 * about who is looking, never proof of anything: it only widens which assets are listed.
 */
export function viewAs(request: FastifyRequest): string | undefined {
  const header = request.headers['x-view-as']
  return typeof header === 'string' && algosdk.isValidAddress(header) ? header : undefined
}

/** A list's or a search's price bounds (inclusive): a minimum above the maximum is a 400. */
/** The list's ordering: `ordering`, or `order_by` (the auction interface's name); 400 if they differ. */
export function listOrdering(q: {
  ordering?: AssetOrdering
  order_by?: AssetOrdering
}): AssetOrdering | undefined {
  if (q.ordering !== undefined && q.order_by !== undefined && q.ordering !== q.order_by) {
    throw badRequest('Invalid input.', {
      order_by: ['ordering and order_by disagree: give one of them.'],
    })
  }
  return q.ordering ?? q.order_by
}

export function checkPriceRange(q: { price__gte?: string; price__lte?: string }): void {
  if (
    q.price__gte !== undefined &&
    q.price__lte !== undefined &&
    BigInt(q.price__gte) > BigInt(q.price__lte)
  ) {
    throw badRequest('Invalid input.', {
      price__lte: ['Must be at least the minimum price (price__gte).'],
    })
  }
}
