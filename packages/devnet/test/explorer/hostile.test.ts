/**
 * Everything that comes from the chain (or the URL) is hostile: it must appear escaped and only
 * escaped, every page carries the security headers, needs no token, and bad or unknown ids get an
 * HTML 400 or 404 page (never a 500).
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HOSTILE_ASSET_NAME,
  HOSTILE_LOG,
  HOSTILE_NOTE,
  HOSTILE_STATE,
  HOSTILE_UNIT,
  HOSTILE_URL,
  type Scenario,
  startScenario,
} from './fixture.js'

let s: Scenario

beforeAll(async () => {
  s = await startScenario()
})

afterAll(async () => {
  await s.devnet.stop()
})

const CSP = "default-src 'none'; style-src 'unsafe-inline'"

function escaped(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

async function html(path: string, status: number): Promise<string> {
  const res = await s.get(path)
  expect(res.status, path).toBe(status)
  expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8')
  expect(res.headers.get('content-security-policy'), path).toBe(CSP)
  expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
  return res.text()
}

/** The page has no markup but ours: no script, no event handler, no javascript: link. */
function expectInert(body: string): void {
  expect(body).not.toMatch(/<script/i)
  expect(body).not.toMatch(/<img/i)
  expect(body).not.toMatch(/<(b|i)>/i)
  expect(body).not.toMatch(/href="javascript:/i)
}

describe('hostile chain data is escaped', () => {
  it('a note with a script tag', async () => {
    const body = await html(`/explorer/tx/${s.payTxid}`, 200)
    expect(body).toContain(`<pre>${escaped(HOSTILE_NOTE)}</pre>`)
    expect(body).not.toContain(HOSTILE_NOTE)
    expectInert(body)
  })

  it('an asset name, unit and javascript: URL, on the asset, its creation and holder pages', async () => {
    const asset = await html(`/explorer/asset/${s.assetId.toString()}`, 200)
    expect(asset).toContain(`<h1>${escaped(HOSTILE_ASSET_NAME)}</h1>`)
    expect(asset).toContain(`<th>Name</th><td>${escaped(HOSTILE_ASSET_NAME)}</td>`)
    expect(asset).toContain(`<th>Unit</th><td>${escaped(HOSTILE_UNIT)}</td>`)
    // Shown as text, not as a link.
    expect(asset).toContain(`<th>URL</th><td><code>${escaped(HOSTILE_URL)}</code></td>`)
    expectInert(asset)

    const createTxids = await createdAssetTxids()
    expect(createTxids).toHaveLength(2)
    for (const txid of createTxids) {
      const creation = await html(`/explorer/tx/${txid}`, 200)
      expect(creation).toContain(`<th>Name</th><td>${escaped(HOSTILE_ASSET_NAME)}</td>`)
      expectInert(creation)
    }

    const holder = await html(`/explorer/address/${s.holder.addr}`, 200)
    expect(holder).toContain(`<td>${escaped(HOSTILE_ASSET_NAME)}</td>`)
    expectInert(holder)
    expectInert(await html(`/explorer/address/${s.dispenser.addr}`, 200))
    expectInert(await html('/explorer/', 200))
  })

  it('global state and logs', async () => {
    const app = await html(`/explorer/application/${s.appId.toString()}`, 200)
    expect(app).toContain(escaped(JSON.stringify(HOSTILE_STATE)))
    expectInert(app)
    const call = await html(`/explorer/tx/${s.callTxid}`, 200)
    expect(call).toContain(escaped(JSON.stringify(HOSTILE_LOG)))
    expectInert(call)
  })
})

/** The asset creations of the scenario, found through the indexer. */
async function createdAssetTxids(): Promise<string[]> {
  const indexer = new algosdk.Indexer(s.devnet.token, 'http://127.0.0.1', s.devnet.ports.indexer)
  const found = await indexer.searchForTransactions().address(s.dispenser.addr).txType('acfg').do()
  return found.transactions.flatMap((t) => (t.id === undefined ? [] : [t.id]))
}

describe('bad and unknown ids', () => {
  const unknownTxid = 'A'.repeat(52)
  const cases: [string, number][] = [
    ['/explorer/tx/xyz', 400],
    ['/explorer/tx/%3Cscript%3Ealert(1)%3C%2Fscript%3E', 400],
    [`/explorer/tx/${'A'.repeat(300)}`, 400],
    [`/explorer/tx/${unknownTxid}`, 404],
    ['/explorer/tx/', 400],
    ['/explorer/address/not-an-address', 400],
    // A well-formed address whose checksum is wrong.
    [`/explorer/address/${'A'.repeat(58)}`, 400],
    ['/explorer/asset/abc', 400],
    ['/explorer/asset/-1', 400],
    ['/explorer/asset/18446744073709551616', 400],
    ['/explorer/asset/18446744073709551615', 404],
    ['/explorer/asset/0', 404],
    ['/explorer/application/1.5', 400],
    ['/explorer/application/99999999', 404],
    ['/explorer/block/99999999', 404],
    ['/explorer/block/x', 400],
    ['/explorer/nothing-here', 404],
    ['/explorer/tx/a/b', 400],
    ['/explorer/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 400],
    ['/explorer/search?q=99999999', 404],
  ]
  for (const [path, status] of cases) {
    it(`${path.slice(0, 60)} -> ${status.toString()}`, async () => {
      const body = await html(path, status)
      expect(body).toContain(status === 404 ? '<h1>Not found</h1>' : '<h1>Bad request</h1>')
      expectInert(body)
    })
  }

  it('echoes bad input escaped', async () => {
    const body = await html('/explorer/address/%22%3E%3Cscript%3Ex', 400)
    expect(body).toContain(
      '&quot;\\&quot;&gt;&lt;script&gt;x&quot; is not a valid Algorand address',
    )
  })
})

describe('access and headers', () => {
  it('serves pages without a token, to HEAD too, with no caching', async () => {
    const res = await s.get('/explorer/')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const head = await fetch(`${s.devnet.urls.algod}/explorer/asset/${s.assetId.toString()}`, {
      method: 'HEAD',
    })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-security-policy')).toBe(CSP)
  })

  it('still requires the token for the REST API', async () => {
    const res = await s.get('/v2/status')
    expect(res.status).toBe(401)
  })
})
