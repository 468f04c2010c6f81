/**
 * The explorer pages, black-box over HTTP on a whole devnet, after real transactions sent with
 * algosdk: exact amounts, links between pages, inner transactions nested, logs, state deltas.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Scenario, startScenario } from './fixture.js'

let s: Scenario

beforeAll(async () => {
  s = await startScenario()
})

afterAll(async () => {
  await s.devnet.stop()
})

async function page(path: string): Promise<string> {
  const res = await s.get(path)
  expect(res.status, path).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
  return res.text()
}

describe('transaction page', () => {
  it('shows a payment: amount, fee, parties, round and time, with links', async () => {
    const body = await page(`/explorer/tx/${s.payTxid}`)
    expect(body).toContain(`<h1>Transaction ${s.payTxid}</h1>`)
    expect(body).toContain('<th>Type</th><td>Payment</td>')
    expect(body).toContain('<span class="amount">10.000000 ALGO</span>')
    expect(body).toContain('<th>Fee</th><td><span class="amount">0.001000 ALGO</span></td>')
    expect(body).toContain(`href="/explorer/address/${s.holder.addr}"`)
    expect(body).toContain(`href="/explorer/address/${s.dispenser.addr}"`)
    const info = await s.algod.pendingTransactionInformation(s.payTxid).do()
    const round = info.confirmedRound ?? 0n
    expect(body).toContain(`Confirmed in round <a href="/explorer/block/${round.toString()}">`)
    expect(body).toMatch(/<th>Confirmed at<\/th><td>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z<\/td>/)
    expect(body).toContain('<th>Signed with</th><td>single signature</td>')
  })

  it('shows a binary note as base64', async () => {
    const body = await page(`/explorer/tx/${s.binaryNoteTxid}`)
    expect(body).toContain('<code>AAEC//4=</code> <span class="muted">(base64, 5 bytes)</span>')
    expect(body).toContain('<span class="amount">1.234567 ALGO</span>')
  })

  it('shows an asset transfer scaled by the asset decimals', async () => {
    const body = await page(`/explorer/tx/${s.transferTxid}`)
    expect(body).toContain('<th>Type</th><td>Asset transfer</td>')
    expect(body).toContain('<span class="amount">123.45 &lt;i&gt;</span>')
    expect(body).toContain(`href="/explorer/asset/${s.assetId.toString()}"`)
  })

  it('shows an app call with its inner payment nested, logs, state deltas and group', async () => {
    const body = await page(`/explorer/tx/${s.callTxid}`)
    expect(body).toContain('<th>Type</th><td>Application call</td>')
    expect(body).toContain(`href="/explorer/application/${s.appId.toString()}"`)
    expect(body).toContain('<th>On completion</th><td>noop</td>')
    expect(body).toContain('<h3>Inner transactions (1)</h3>')
    const inner = body.slice(body.indexOf('<section class="inner" id="inner-1">'))
    expect(inner).toContain('<a href="#inner-1">Inner transaction 1</a>: Payment')
    expect(inner).toContain('<span class="amount">0.123456 ALGO</span>')
    expect(inner).toContain('<th>Fee</th><td><span class="amount">0.000000 ALGO</span></td>')
    const appAddress = algosdk.getApplicationAddress(s.appId).toString()
    expect(inner).toContain(`href="/explorer/address/${appAddress}"`)
    expect(body).toContain(
      '<h3>Logs</h3><ol><li><code>&quot;hello &lt;b&gt;&quot;</code></li></ol>',
    )
    expect(body).toContain('<h3>Global state changes</h3>')
    expect(body).toContain('<td><code>&quot;counter&quot;</code></td><td>set uint</td><td>8</td>')
    // The group: the funding payment and the call, each linked but this one.
    const fundTxid = body.match(/<li><a class="mono" href="\/explorer\/tx\/([A-Z2-7]{52})"/)?.[1]
    expect(fundTxid).toBeDefined()
    expect(body).toContain(`<strong class="mono">${s.callTxid}</strong> (this one)`)
  })

  it('shows an app creation with the created id, programs sizes and schemas', async () => {
    const body = await page(`/explorer/tx/${s.createAppTxid}`)
    expect(body).toContain('<th>Kind</th><td>Create</td>')
    expect(body).toMatch(/<th>Approval program<\/th><td>\d+ bytes<\/td>/)
    expect(body).toContain('<th>Global schema</th><td>1 uints, 3 byte slices</td>')
  })
})

describe('address page', () => {
  it('shows balances as exact Algos, holdings scaled, and recent transactions', async () => {
    const body = await page(`/explorer/address/${s.holder.addr}`)
    expect(body).toContain(`<h1>Account ${s.holder.addr}</h1>`)
    // 10 ALGO received, 0.001 paid for the opt-in.
    expect(body).toContain('<th>Balance</th><td><span class="amount">9.999000 ALGO</span></td>')
    expect(body).toContain('<th>Minimum balance</th><td><span class="amount">0.200000 ALGO</span>')
    expect(body).toContain('<th>Spendable</th><td><span class="amount">9.799000 ALGO</span>')
    expect(body).toContain('<h2>Assets held (1)</h2>')
    expect(body).toContain('<td><span class="amount">123.45 &lt;i&gt;</span></td>')
    expect(body).toContain(`href="/explorer/tx/${s.transferTxid}"`)
    expect(body).toContain(`href="/explorer/tx/${s.payTxid}"`)
  })

  it('lists what an account created, and a rekeyed signer is flagged', async () => {
    const body = await page(`/explorer/address/${s.dispenser.addr}`)
    expect(body).toContain(`href="/explorer/asset/${s.assetId.toString()}"`)
    expect(body).toContain(`href="/explorer/application/${s.appId.toString()}"`)
    expect(body).toContain('<td><span class="amount">10,000.00</span></td>')
    expect(body).not.toContain('rekeyed')
  })

  it('shows an account never seen as empty', async () => {
    const fresh = algosdk.generateAccount().addr.toString()
    const body = await page(`/explorer/address/${fresh}`)
    expect(body).toContain('<th>Balance</th><td><span class="amount">0.000000 ALGO</span></td>')
    expect(body).toContain('No transactions yet.')
  })
})

describe('asset page', () => {
  it('shows params, flags freeze and clawback, and recent transfers', async () => {
    const body = await page(`/explorer/asset/${s.assetId.toString()}`)
    expect(body).toContain('<th>Decimals</th><td>2</td>')
    expect(body).toContain('<th>Total supply</th><td><span class="amount">10,000.00</span></td>')
    expect(body).toContain('<span class="warn">can freeze any holder</span>')
    expect(body).toContain('<span class="warn">can take units from any holder</span>')
    expect(body).toContain(`href="/explorer/tx/${s.transferTxid}"`)
    expect(body).toContain('<span class="amount">123.45 &lt;i&gt;</span>')
  })

  it('links an http(s) URL, escaped', async () => {
    const body = await page(`/explorer/asset/${s.webAssetId.toString()}`)
    const escaped = 'https://example.com/a?b=&lt;x&gt;&amp;c=&quot;y&quot;'
    expect(body).toContain(`<a href="${escaped}" rel="noopener noreferrer nofollow">${escaped}</a>`)
  })

  it('shows the genesis USDC asset with 6 decimals', async () => {
    const usdc = s.devnet.info.usdcAssetId
    const body = await page(`/explorer/asset/${usdc.toString()}`)
    expect(body).toContain('<th>Unit</th><td>USDC</td>')
    expect(body).toContain('<th>Decimals</th><td>6</td>')
  })
})

describe('application page', () => {
  it('shows creator, decoded global state, schemas, disassembly and recent calls', async () => {
    const body = await page(`/explorer/application/${s.appId.toString()}`)
    expect(body).toContain(`<h1>Application ${s.appId.toString()}</h1>`)
    expect(body).toContain(`href="/explorer/address/${s.dispenser.addr}"`)
    expect(body).toContain('<th>Global schema</th><td>1 uints, 3 byte slices</td>')
    // Text when printable, an address when 32 bytes, hex otherwise.
    expect(body).toContain(
      '<td><code>&quot;name&quot;</code></td><td>bytes</td><td><code>&quot;&lt;img src=x onerror=alert(1)&gt;&quot;</code></td>',
    )
    expect(body).toContain(
      `<td><code>&quot;owner&quot;</code></td><td>bytes</td><td><a class="mono" href="/explorer/address/${s.dispenser.addr}"`,
    )
    expect(body).toContain(
      '<td><code>0x00ff</code></td><td>bytes</td><td><code>0xdeadbeef</code></td>',
    )
    expect(body).toContain('<td><code>&quot;counter&quot;</code></td><td>uint</td><td>8</td>')
    expect(body).toContain('itxn_submit')
    expect(body).toMatch(
      /<summary>Approval program \(\d+ bytes\)<\/summary><pre>#pragma version 10/,
    )
    expect(body).toContain(`href="/explorer/tx/${s.callTxid}"`)
    expect(body).toContain(`href="/explorer/tx/${s.createAppTxid}"`)
  })
})

describe('home, block and search', () => {
  it('lists the latest blocks and transactions', async () => {
    const body = await page('/explorer/')
    expect(body).toContain('<h2>Latest blocks</h2>')
    const last = s.devnet.chain.lastRound().toString()
    expect(body).toContain(`href="/explorer/block/${last}"`)
    expect(body).toContain(`href="/explorer/tx/${s.callTxid}"`)
    expect(body).toContain('<form method="get" action="/explorer/search"')
    expect(await page('/explorer')).toContain('<h2>Latest blocks</h2>')
  })

  it('shows a block with its transactions', async () => {
    const info = await s.algod.pendingTransactionInformation(s.callTxid).do()
    const round = (info.confirmedRound ?? 0n).toString()
    const body = await page(`/explorer/block/${round}`)
    expect(body).toContain(`<h1>Block ${round}</h1>`)
    expect(body).toContain('<th>Transactions</th><td>2</td>')
    expect(body).toContain(`href="/explorer/tx/${s.callTxid}"`)
  })

  it('redirects each kind of id to its page', async () => {
    const cases: [string, string][] = [
      [s.payTxid, `/explorer/tx/${s.payTxid}`],
      [` ${s.holder.addr} `, `/explorer/address/${s.holder.addr}`],
      [s.assetId.toString(), `/explorer/asset/${s.assetId.toString()}`],
      [s.appId.toString(), `/explorer/application/${s.appId.toString()}`],
      ['1', '/explorer/block/1'],
      ['', '/explorer/'],
    ]
    for (const [q, location] of cases) {
      const res = await s.get(`/explorer/search?q=${encodeURIComponent(q)}`, 'manual')
      expect(res.status, q).toBe(303)
      expect(res.headers.get('location')).toBe(location)
    }
  })
})
