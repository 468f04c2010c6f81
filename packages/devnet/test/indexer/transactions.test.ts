/**
 * Transaction searches through algosdk's Indexer client against the devnet chain: every filter
 * the SDK offers, the documented orderings (algorand/indexer README "Transaction results order":
 * newest first when searching by address, oldest first otherwise), pagination with next tokens,
 * lookups by id and by block.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IndexerFixture, newAccount, startIndexer } from './fixture.js'

const text = (s: string): Uint8Array => new TextEncoder().encode(s)
const noteOf = (t: algosdk.indexerModels.Transaction): string =>
  new TextDecoder().decode(t.note ?? new Uint8Array())

describe('indexer transaction searches', () => {
  let f: IndexerFixture
  let clock = 1_750_000_000n
  const x = newAccount()
  const y = newAccount()
  const z = newAccount()
  const ids: Record<string, string> = {}
  let groupId: Uint8Array = new Uint8Array()
  let groupRound = 0n
  let closeRound = 0n
  let timeOfFundY = 0n

  beforeAll(async () => {
    f = await startIndexer(() => clock)
    const d = f.account('Wallet1')
    const pay = (
      from: { addr: string; sk: Uint8Array },
      to: string,
      amount: bigint,
      note: string,
    ) => ({
      txn: algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: from.addr,
        receiver: to,
        amount,
        note: text(note),
        suggestedParams: f.params(),
      }),
      sk: from.sk,
    })
    const dispenser = { addr: d.address, sk: d.secretKey }
    const step = (): void => {
      clock += 10n
    }
    step()
    ;[ids['fund-x']] = f.submit([pay(dispenser, x.addr, 50_000_000n, 'fund-x')])
    step()
    timeOfFundY = clock
    ;[ids['fund-y']] = f.submit([pay(dispenser, y.addr, 5_000_000n, 'fund-y')])
    for (let i = 1; i <= 5; i++) {
      step()
      ;[ids[`x-to-y-${i}`]] = f.submit([pay(x, y.addr, BigInt(i) * 1_000_000n, `x-to-y-${i}`)])
    }
    step()
    const group = [pay(x, y.addr, 100_000n, 'grp-1'), pay(y, x.addr, 200_000n, 'grp-2')]
    ;[ids['grp-1'], ids['grp-2']] = f.submit(group)
    groupId = group[0].txn.group!
    groupRound = f.chain.lastRound()
    step()
    f.submit([pay(dispenser, z.addr, 1_000_000n, 'fund-z')])
    step()
    const close = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: z.addr,
      receiver: y.addr,
      amount: 0n,
      closeRemainderTo: x.addr,
      note: text('close-z'),
      suggestedParams: f.params(),
    })
    ;[ids['close-z']] = f.submit([{ txn: close, sk: z.sk }])
    closeRound = f.chain.lastRound()
    step()
    const rekey = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: y.addr,
      receiver: y.addr,
      amount: 0n,
      rekeyTo: x.addr,
      note: text('rekey-y'),
      suggestedParams: f.params(),
    })
    ;[ids['rekey-y']] = f.submit([{ txn: rekey, sk: y.sk }])
  })

  afterAll(async () => {
    await f.close()
  })

  it('searches oldest first and decodes every field the SDK reads', async () => {
    const res = await f.indexer.searchForTransactions().notePrefix(text('x-to-y')).do()
    expect(res.transactions.map(noteOf)).toEqual([1, 2, 3, 4, 5].map((i) => `x-to-y-${i}`))
    const rounds = res.transactions.map((t) => t.confirmedRound ?? 0n)
    expect([...rounds].sort((a, b) => Number(a - b))).toEqual(rounds)
    const first = res.transactions[0]
    expect(first.id).toBe(ids['x-to-y-1'])
    expect(first.txType).toBe('pay')
    expect(first.sender).toBe(x.addr)
    expect(first.fee).toBe(1000n)
    expect(first.paymentTransaction?.receiver).toBe(y.addr)
    expect(first.paymentTransaction?.amount).toBe(1_000_000n)
    expect(first.genesisId).toBe('devnet-v1')
    expect(first.genesisHash).toEqual(f.chain.genesis.hash)
    expect(first.signature?.sig?.length).toBe(64)
    expect(first.intraRoundOffset).toBe(0)
    expect(res.currentRound).toBe(f.chain.lastRound())
  })

  it('looks a transaction up by id, and 404s an unknown one', async () => {
    const res = await f.indexer.lookupTransactionByID(ids['fund-y']).do()
    expect(noteOf(res.transaction)).toBe('fund-y')
    expect(res.transaction.roundTime).toBe(Number(timeOfFundY))
    const unknown = 'A'.repeat(52)
    await expect(f.indexer.lookupTransactionByID(unknown).do()).rejects.toThrow(
      `no transaction found for transaction id: ${unknown}`,
    )
    const byTxid = await f.indexer.searchForTransactions().txid(ids['grp-2']).do()
    expect(byTxid.transactions.map(noteOf)).toEqual(['grp-2'])
  })

  it('pages through everything with next tokens, oldest first', async () => {
    const all = await f.indexer.searchForTransactions().do()
    // Block 1 holds the USDC setup group; then our transactions.
    expect(all.transactions.length).toBeGreaterThan(12)
    const paged: string[] = []
    let next: string | undefined
    let pages = 0
    do {
      let q = f.indexer.searchForTransactions().limit(3)
      if (next !== undefined) q = q.nextToken(next)
      const page = await q.do()
      expect(page.transactions.length).toBeLessThanOrEqual(3)
      paged.push(...page.transactions.map((t) => t.id ?? ''))
      next = page.transactions.length > 0 ? page.nextToken : undefined
      pages++
    } while (next !== undefined && pages < 100)
    expect(pages).toBeGreaterThan(4)
    expect(paged).toEqual(all.transactions.map((t) => t.id))
  })

  it('searches by address newest first, and pages backwards', async () => {
    const res = await f.indexer.lookupAccountTransactions(x.addr).do()
    const notes = res.transactions.map(noteOf)
    expect(notes).toEqual([
      'close-z',
      'grp-2',
      'grp-1',
      'x-to-y-5',
      'x-to-y-4',
      'x-to-y-3',
      'x-to-y-2',
      'x-to-y-1',
      'fund-x',
    ])
    const paged: string[] = []
    let next: string | undefined
    for (let i = 0; i < 10; i++) {
      let q = f.indexer.searchForTransactions().address(x.addr).limit(2)
      if (next !== undefined) q = q.nextToken(next)
      const page = await q.do()
      paged.push(...page.transactions.map(noteOf))
      if (page.transactions.length === 0) break
      next = page.nextToken
    }
    expect(paged).toEqual(notes)
  })

  it('filters by address role', async () => {
    const sent = await f.indexer.searchForTransactions().address(x.addr).addressRole('sender').do()
    expect(sent.transactions.map(noteOf)).toEqual([
      'grp-1',
      'x-to-y-5',
      'x-to-y-4',
      'x-to-y-3',
      'x-to-y-2',
      'x-to-y-1',
    ])
    const received = await f.indexer
      .searchForTransactions()
      .address(x.addr)
      .addressRole('receiver')
      .do()
    expect(received.transactions.map(noteOf)).toEqual(['close-z', 'grp-2', 'fund-x'])
    // The close-to address counts as a receiver unless close-to is excluded.
    const closeExcluded = await f.indexer
      .searchForTransactions()
      .address(x.addr)
      .addressRole('receiver')
      .excludeCloseTo(true)
      .do()
    expect(closeExcluded.transactions.map(noteOf)).toEqual(['grp-2', 'fund-x'])
    const zReceived = await f.indexer
      .searchForTransactions()
      .address(z.addr)
      .addressRole('receiver')
      .do()
    expect(zReceived.transactions.map(noteOf)).toEqual(['fund-z'])
  })

  it('filters by round, min/max round, tx type, sig type, group, rekey and amounts', async () => {
    const inGroupRound = await f.indexer.searchForTransactions().round(groupRound).do()
    expect(inGroupRound.transactions.map(noteOf)).toEqual(['grp-1', 'grp-2'])
    expect(inGroupRound.transactions.map((t) => Number(t.intraRoundOffset ?? 0n))).toEqual([0, 1])
    const range = await f.indexer
      .searchForTransactions()
      .minRound(groupRound - 1n)
      .maxRound(groupRound)
      .do()
    expect(range.transactions.map(noteOf)).toEqual(['x-to-y-5', 'grp-1', 'grp-2'])
    const byGroup = await f.indexer.searchForTransactions().groupid(groupId).do()
    expect(byGroup.transactions.map(noteOf)).toEqual(['grp-1', 'grp-2'])
    const axfers = await f.indexer.searchForTransactions().txType('axfer').do()
    expect(axfers.transactions.length).toBe(10) // the USDC opt-ins and transfers of block 1
    const acfg = await f.indexer.searchForTransactions().txType('acfg').do()
    expect(acfg.transactions.map((t) => t.createdAssetIndex)).toEqual([f.chain.genesis.usdcAssetId])
    const msig = await f.indexer.searchForTransactions().sigType('msig').do()
    expect(msig.transactions).toEqual([])
    const sig = await f.indexer.searchForTransactions().address(y.addr).sigType('sig').do()
    expect(sig.transactions.length).toBeGreaterThan(0)
    const rekeys = await f.indexer.searchForTransactions().rekeyTo(true).do()
    expect(rekeys.transactions.map(noteOf)).toEqual(['rekey-y'])
    expect(rekeys.transactions[0]?.rekeyTo?.toString()).toBe(x.addr)
    const mid = await f.indexer
      .searchForTransactions()
      .currencyGreaterThan(2_000_000)
      .currencyLessThan(5_000_000)
      .do()
    expect(mid.transactions.map(noteOf)).toEqual(['x-to-y-3', 'x-to-y-4'])
    const closing = await f.indexer.lookupTransactionByID(ids['close-z']).do()
    expect(closing.transaction.paymentTransaction?.closeRemainderTo).toBe(x.addr)
    expect(closing.transaction.paymentTransaction?.closeAmount).toBe(1_000_000n - 1000n)
    expect(closing.transaction.confirmedRound).toBe(closeRound)
  })

  it('filters by block time', async () => {
    const after = await f.indexer
      .searchForTransactions()
      .afterTime(new Date(Number(timeOfFundY) * 1000 - 1))
      .beforeTime(new Date(Number(timeOfFundY) * 1000 + 1))
      .do()
    expect(after.transactions.map(noteOf)).toEqual(['fund-y'])
    const none = await f.indexer.searchForTransactions().afterTime('2100-01-01T00:00:00Z').do()
    expect(none.transactions).toEqual([])
  })

  it('serves blocks with their transactions', async () => {
    const block = await f.indexer.lookupBlock(groupRound).do()
    expect(block.round).toBe(groupRound)
    expect(block.genesisId).toBe('devnet-v1')
    expect(block.transactions?.map(noteOf)).toEqual(['grp-1', 'grp-2'])
    const header = await f.indexer.lookupBlock(groupRound).headerOnly(true).do()
    expect(header.transactions ?? []).toEqual([])
    const headers = await f.indexer.searchForBlockHeaders().minRound(groupRound).limit(2).do()
    expect(headers.blocks.map((b) => b.round)).toEqual([groupRound, groupRound + 1n])
    const more = await f.indexer
      .searchForBlockHeaders()
      .minRound(groupRound)
      .limit(2)
      .nextToken(headers.nextToken ?? '')
      .do()
    expect(more.blocks.map((b) => b.round)).toEqual([groupRound + 2n, groupRound + 3n])
    const timed = await f.indexer
      .searchForBlockHeaders()
      .afterTime(new Date(Number(timeOfFundY) * 1000 - 1))
      .beforeTime(new Date(Number(timeOfFundY) * 1000 + 1))
      .do()
    expect(timed.blocks.map((b) => b.timestamp)).toEqual([Number(timeOfFundY)])
    await expect(f.indexer.lookupBlock(10_000).do()).rejects.toThrow(
      "error while looking up block for round '10000': block not found",
    )
  })

  it('answers bad parameters with 400 and the indexer messages', async () => {
    const cases: [string, number, string][] = [
      ['/v2/transactions?limit=abc', 400, 'Invalid format for parameter limit'],
      ['/v2/transactions?address=nope', 400, 'invalid input: unable to parse address'],
      ['/v2/transactions?tx-type=nope', 400, 'invalid input: unknown tx-type'],
      ['/v2/transactions?sig-type=nope', 400, 'invalid input: unknown sig-type'],
      ['/v2/transactions?address-role=boss', 400, 'invalid input: unknown address role'],
      ['/v2/transactions?note-prefix=%25%25', 400, "unable to parse base64 data: 'note-prefix'"],
      ['/v2/transactions?group-id=AAAA', 400, "bad length for group ID: 'group-id'"],
      ['/v2/transactions?txid=abc', 400, 'unable to parse base32 digest data'],
      ['/v2/transactions?round=3&min-round=1', 400, 'cannot specify round and min-round/max-round'],
      ['/v2/transactions?min-round=5&max-round=2', 400, 'min-round must be less than max-round'],
      ['/v2/transactions?next=garbage', 400, 'unable to parse next token'],
      ['/v2/transactions?before-time=yesterday', 400, 'Invalid format for parameter before-time'],
      ['/v2/transactions?rekey-to=maybe', 400, 'Invalid format for parameter rekey-to'],
      ['/v2/transactions?limit=1&limit=2', 400, 'multiple values'],
      ['/v2/transactions?asset-id=9223372036854775808', 404, 'greater than 9223372036854775807'],
      ['/v2/transactions?currency-greater-than=18446744073709551616', 400, 'value out of range'],
      ['/v2/transactions/not-a-txid', 400, 'unable to parse base32 digest data'],
      ['/v2/accounts/nope/transactions', 400, 'unable to parse address'],
      ['/v2/blocks/abc', 400, 'Invalid format for parameter round-number'],
    ]
    for (const [path, status, message] of cases) {
      const res = await f.get(path)
      expect({ path, status: res.status }).toEqual({ path, status })
      expect(res.body.message, path).toContain(message)
    }
  })

  it("serves LocalNet's token and no token (as the SDK sandbox's indexer), refuses a wrong one", async () => {
    const url = `http://127.0.0.1:${f.port.toString()}/v2/transactions?limit=1`
    const wrong = await fetch(url, { headers: { 'X-Indexer-API-Token': 'b'.repeat(64) } })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ message: 'Invalid API Token' })
    expect((await fetch(url)).status).toBe(200)
    const sandbox = new algosdk.Indexer('', 'http://127.0.0.1', f.port)
    const { transactions } = await sandbox.searchForTransactions().limit(1).do()
    expect(transactions).toHaveLength(1)
    const localnet = new algosdk.Indexer('a'.repeat(64), 'http://127.0.0.1', f.port)
    expect((await localnet.searchForTransactions().limit(1).do()).transactions).toHaveLength(1)
    const health = await f.indexer.makeHealthCheck().do()
    expect(health.round).toBe(f.chain.lastRound())
    expect(health.dbAvailable).toBe(true)
  })
})
