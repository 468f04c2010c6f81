/**
 * Search's typo tolerance (docs/product.md §11), as Meilisearch's defaults: one typo in a word of
 * 5 to 8 characters, two from 9, none below 5; a swap of two adjacent characters is one typo;
 * prefixes match whatever the length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assets } from '../src/db/index.js'
import { startTestServer, type TestServer } from './app.js'

let server: TestServer
const NAMES = ['Ember Tide', 'Lanterns Underwater', 'Lichen Study', 'Tow Path']

beforeAll(async () => {
  server = await startTestServer()
  await server.database.db.insert(assets).values(
    NAMES.map((name, i) => ({
      guid: (i + 1).toString(16).padStart(32, '0'),
      assetId: BigInt(5000 + i),
      applicationId: BigInt(6000 + i),
      status: 'RD' as const,
      name,
      unitName: `T${String(i)}`,
      description: '',
      creatorAddress: 'CREATOR',
      createdAt: new Date(Date.UTC(2026, 0, i + 1)),
    })),
  )
})
afterAll(async () => {
  await server.close()
})

async function found(q: string): Promise<string[]> {
  const response = await server.get(`/api/search/?q=${encodeURIComponent(q)}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ results: { name: string }[] }>().results.map((r) => r.name)
}

describe('search with typos', () => {
  it('finds a word of 5 letters with two adjacent letters swapped', async () => {
    expect(await found('Emebr')).toEqual(['Ember Tide'])
    expect(await found('lichne')).toEqual(['Lichen Study'])
  })

  it('takes one insertion, deletion or replacement from 5 letters, not two below 9', async () => {
    expect(await found('embers')).toEqual(['Ember Tide'])
    expect(await found('lantens')).toEqual(['Lanterns Underwater'])
    expect(await found('lamterns')).toEqual(['Lanterns Underwater'])
    expect(await found('lnatenrs')).toEqual([])
  })

  it('takes two typos from 9 letters, swaps included, and not three', async () => {
    expect(await found('udnerwaetr')).toEqual(['Lanterns Underwater'])
    expect(await found('undrewatr')).toEqual(['Lanterns Underwater'])
    expect(await found('udnrewatr')).toEqual([])
  })

  it('matches words under 5 letters exactly or as a prefix, never with a typo', async () => {
    expect(await found('embr')).toEqual([])
    expect(await found('tdie')).toEqual([])
    expect(await found('twop')).toEqual([])
    expect(await found('tow')).toEqual(['Tow Path'])
    expect(await found('em')).toEqual(['Ember Tide'])
    expect(await found('underw')).toEqual(['Lanterns Underwater'])
  })

  it('needs every word, each within its own typos', async () => {
    expect(await found('emebr tide')).toEqual(['Ember Tide'])
    expect(await found('emebr tdie')).toEqual([])
  })
})
