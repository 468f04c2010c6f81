import fc from 'fast-check'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { Asset, Page } from '@unica/schemas'
import { describe, expect, it } from 'vitest'
import { fastSerializerCompiler } from './fast-json.js'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.split('')
const address = fc.string({ unit: fc.constantFrom(...BASE32), minLength: 58, maxLength: 58 })
const uint64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String)
/** Any text, lone surrogates and control characters included (names are user input). */
const text = fc.string({ unit: 'binary' })
const url = fc.oneof(text, fc.webUrl())

const asset: fc.Arbitrary<Asset> = fc.record({
  guid: fc.string({
    unit: fc.constantFrom(...'0123456789abcdef'.split('')),
    minLength: 32,
    maxLength: 32,
  }),
  asset_id: uint64,
  application_id: fc.option(uint64),
  contract_version: fc.integer({ min: 1, max: 32767 }),
  royalty: fc.option(
    fc.record({
      basis_points: fc.integer({ min: 0, max: 1500 }),
      recipients: fc.array(fc.record({ address, share: fc.integer({ min: 1, max: 1500 }) }), {
        maxLength: 4,
      }),
    }),
  ),
  escrow_address: fc.option(address),
  status: fc.constantFrom('DA', 'DC', 'RD'),
  name: text,
  unit_name: text,
  description: text,
  image: fc.option(url),
  thumbnail: fc.option(url),
  creator_address: address,
  owner_address: fc.option(address),
  holding_address: fc.option(address),
  price: fc.option(uint64),
  highest_bid: fc.option(fc.record({ value: uint64, sender: address })),
  auction: fc.option(
    fc.record({
      reserve: uint64,
      duration: fc.integer({ min: 3600, max: 604800 }),
      raise_bp: fc.integer({ min: 0, max: 10000 }),
      raise_min: uint64,
      end: fc.option(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
      highest_bid: fc.option(uint64),
      highest_bidder: fc.option(address),
      // Above 2^64 - 1 when no bid can beat the highest.
      min_next_bid: fc.bigInt({ min: 0n, max: 2n ** 65n }).map(String),
      status: fc.constantFrom('running' as const, 'ended' as const),
    }),
  ),
  created_at: fc.oneof(
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    text,
  ),
})

const page = fc.record({
  count: fc.nat(),
  next: fc.option(url),
  previous: fc.option(url),
  results: fc.array(asset, { maxLength: 20 }),
})

describe('fastSerializerCompiler', () => {
  const route = { method: 'GET', url: '/api/assets/', httpStatus: '200' }

  it('writes a page of assets byte for byte as the zod serializer does', () => {
    const schema = Page(Asset)
    const zod = serializerCompiler({ ...route, schema })
    const fast = fastSerializerCompiler({ schema })
    fc.assert(
      fc.property(page, (value) => {
        expect(fast(value)).toBe(zod(value))
      }),
      { numRuns: 500 },
    )
  })

  it('writes one asset byte for byte as the zod serializer does', () => {
    const zod = serializerCompiler({ ...route, schema: Asset })
    const fast = fastSerializerCompiler({ schema: Asset })
    fc.assert(
      fc.property(asset, (value) => {
        expect(fast(value)).toBe(zod(value))
      }),
      { numRuns: 500 },
    )
  })

  it('refuses an answer that lacks a required field', () => {
    const fast = fastSerializerCompiler({ schema: Asset })
    expect(() => fast({ guid: '0'.repeat(32) })).toThrow()
  })

  it('refuses a schema that is not zod', () => {
    expect(() => fastSerializerCompiler({ schema: { type: 'object' } })).toThrow(/zod/)
  })
})
