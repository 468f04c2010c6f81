import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API } from './api.js'
import { openApiPath, routePath, successStatuses, type RouteSpec } from './route.js'

const routes = Object.entries(API) as [string, RouteSpec][]

describe('the route table', () => {
  it('names each method and path once, every API path ending in a slash but the operation status and the event stream', () => {
    const keys = routes.map(([, r]) => `${r.method} ${r.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const [name, r] of routes) {
      expect(r.path, name).toMatch(/^\/api\//)
      if (name !== 'getOperation' && name !== 'streamEvents') expect(r.path, name).toMatch(/\/$/)
    }
  })

  it('declares exactly the parameters its path names', () => {
    for (const [name, r] of routes) {
      const inPath = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1])
      expect(Object.keys(r.params?.shape ?? {}), name).toEqual(inPath)
    }
  })

  it('gives every route at least one success answer, and GETs no body', () => {
    for (const [name, r] of routes) {
      if (name === 'compileEscrow') {
        expect(successStatuses(r)).toEqual([])
        continue
      }
      expect(successStatuses(r).length, name).toBeGreaterThan(0)
      if (r.method === 'GET') expect(r.body, name).toBeUndefined()
    }
  })

  it('fills path parameters, encoded, and writes them the OpenAPI way', () => {
    expect(routePath(API.getUser, { address: 'A B' })).toBe('/api/users/A%20B/')
    expect(() => routePath(API.getUser, {})).toThrow(/no address/)
    expect(openApiPath(API.getAsset.path)).toBe('/api/assets/{guid}/')
  })

  it('validates forms with the shared field schemas', () => {
    const fields = API.submitAsset.body.fields
    const issues = (value: unknown) =>
      z.flattenError(fields.safeParse(value).error ?? new z.ZodError([])).fieldErrors
    expect(issues({ asset_id: '5', proof: 'p' })).toEqual({})
    expect(issues({ asset_id: '0', proof: '' })).toEqual({
      asset_id: ['Must be a positive id.'],
      proof: ['This field is required.'],
    })
    expect(issues({ asset_id: '5' })).toEqual({ proof: ['This field is required.'] })
    expect(API.submitAsset.body.files.image.required).toBe(true)
    expect(API.validateAsset.body.files.image.required).toBe(false)
  })

  it('accepts a guid with dashes or in upper case', () => {
    const guid = API.getAsset.params.shape.guid
    expect(guid.parse('AAAAAAAA-aaaa-aaaa-aaaa-aaaaaaaaaaaa')).toBe('a'.repeat(32))
    expect(guid.safeParse('a'.repeat(31)).success).toBe(false)
  })
})
