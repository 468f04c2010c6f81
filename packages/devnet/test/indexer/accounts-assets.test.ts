/**
 * Accounts and assets through algosdk's Indexer client against the devnet chain: lookups with
 * the indexer's lifetime rounds (created / closed / opted in / opted out / destroyed), deleted
 * things shown only with include-all, `exclude`, searches by asset, creator, name and unit,
 * balances, and their pagination.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IndexerFixture, newAccount, startIndexer } from './fixture.js'

type Acct = { addr: string; sk: Uint8Array }

describe('indexer accounts and assets', () => {
  let f: IndexerFixture
  let dispenser: Acct
  const a = newAccount()
  const b = newAccount()
  const c = newAccount()
  let gold = 0n
  let silver = 0n
  let tmp = 0n
  let fundedA = 0n
  let closedC = 0n
  let silverOptOut = 0n
  let tmpDestroyed = 0n

  const round = (): bigint => f.chain.lastRound()
  const pay = (from: Acct, to: string, amount: bigint, close?: string) =>
    f.submit([
      {
        txn: algosdk.makePaymentTxnWithSuggestedParamsFromObject({
          sender: from.addr,
          receiver: to,
          amount,
          closeRemainderTo: close,
          suggestedParams: f.params(),
        }),
        sk: from.sk,
      },
    ])
  const axfer = (from: Acct, to: string, asset: bigint, amount: bigint, close?: string) =>
    f.submit([
      {
        txn: algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
          sender: from.addr,
          receiver: to,
          assetIndex: asset,
          amount,
          closeRemainderTo: close,
          suggestedParams: f.params(),
        }),
        sk: from.sk,
      },
    ])
  const create = async (name: string, unit: string, roles: boolean): Promise<bigint> => {
    const [txid] = f.submit([
      {
        txn: algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
          sender: a.addr,
          total: 1000n,
          decimals: 2,
          defaultFrozen: false,
          assetName: name,
          unitName: unit,
          assetURL: 'https://example.com',
          manager: a.addr,
          freeze: roles ? a.addr : undefined,
          clawback: roles ? a.addr : undefined,
          suggestedParams: f.params(),
        }),
        sk: a.sk,
      },
    ])
    const res = await f.indexer.lookupTransactionByID(txid).do()
    return res.transaction.createdAssetIndex ?? 0n
  }

  beforeAll(async () => {
    f = await startIndexer()
    const d = f.account('Wallet1')
    dispenser = { addr: d.address, sk: d.secretKey }
    pay(dispenser, a.addr, 20_000_000n)
    fundedA = round()
    pay(dispenser, b.addr, 5_000_000n)
    pay(dispenser, c.addr, 1_000_000n)
    gold = await create('Gold Token', 'GLD', false)
    silver = await create('Silver', 'SLV', true)
    axfer(b, b.addr, gold, 0n)
    axfer(a, b.addr, gold, 100n)
    axfer(b, b.addr, silver, 0n)
    axfer(b, a.addr, silver, 0n, a.addr)
    silverOptOut = round()
    tmp = await create('Temporary', 'TMP', false)
    f.submit([
      {
        txn: algosdk.makeAssetDestroyTxnWithSuggestedParamsFromObject({
          sender: a.addr,
          assetIndex: tmp,
          suggestedParams: f.params(),
        }),
        sk: a.sk,
      },
    ])
    tmpDestroyed = round()
    pay(c, dispenser.addr, 0n, dispenser.addr)
    closedC = round()
  })

  afterAll(async () => {
    await f.close()
  })

  it('looks an account up with its resources and lifetime rounds', async () => {
    const { account, currentRound } = await f.indexer.lookupAccountByID(a.addr).do()
    expect(currentRound).toBe(round())
    expect(account.address).toBe(a.addr)
    expect(account.createdAtRound).toBe(fundedA)
    expect(account.deleted ?? false).toBe(false)
    expect(account.amount).toBe(f.chain.accountInfo(a.addr, 'none').amount)
    expect(account.sigType).toBe('sig')
    expect(account.totalCreatedAssets).toBe(2)
    expect(account.createdAssets?.map((x) => x.index)).toEqual([gold, silver])
    expect(account.assets?.map((h) => [h.assetId, h.amount])).toEqual([
      [gold, 900n],
      [silver, 1000n],
    ])
    const all = await f.indexer.lookupAccountByID(a.addr).includeAll(true).do()
    const destroyed = all.account.createdAssets?.find((x) => x.index === tmp)
    expect(destroyed?.deleted).toBe(true)
    expect(destroyed?.destroyedAtRound).toBe(tmpDestroyed)
    expect(all.account.assets?.find((h) => h.assetId === tmp)?.deleted).toBe(true)
    const bare = await f.indexer.lookupAccountByID(a.addr).exclude('all').do()
    expect(bare.account.assets).toBeUndefined()
    expect(bare.account.createdAssets).toBeUndefined()
    const noAssets = await f.indexer.lookupAccountByID(a.addr).exclude('assets').do()
    expect(noAssets.account.assets).toBeUndefined()
    expect(noAssets.account.createdAssets?.length).toBe(2)
  })

  it('hides closed accounts unless include-all, and 404s unknown ones', async () => {
    await expect(f.indexer.lookupAccountByID(c.addr).do()).rejects.toThrow(
      `no accounts found for address: ${c.addr}`,
    )
    const closed = await f.indexer.lookupAccountByID(c.addr).includeAll(true).do()
    expect(closed.account.deleted).toBe(true)
    expect(closed.account.closedAtRound).toBe(closedC)
    expect(closed.account.amount).toBe(0n)
    const stranger = newAccount()
    await expect(f.indexer.lookupAccountByID(stranger.addr).do()).rejects.toThrow('404')
    // Genesis accounts exist from round 0.
    const wallet = await f.indexer.lookupAccountByID(dispenser.addr).do()
    expect(wallet.account.createdAtRound ?? 0n).toBe(0n)
  })

  it('lists an account’s holdings, created assets, with opt-in and opt-out rounds', async () => {
    const held = await f.indexer.lookupAccountAssets(b.addr).do()
    expect(held.assets.map((h) => [h.assetId, h.amount, h.isFrozen])).toEqual([[gold, 100n, false]])
    expect(held.assets[0]?.optedInAtRound).toBeGreaterThan(fundedA)
    const all = await f.indexer.lookupAccountAssets(b.addr).includeAll(true).do()
    const out = all.assets.find((h) => h.assetId === silver)
    expect(out?.deleted).toBe(true)
    expect(out?.optedOutAtRound).toBe(silverOptOut)
    const one = await f.indexer.lookupAccountAssets(b.addr).assetId(gold).do()
    expect(one.assets.map((h) => h.assetId)).toEqual([gold])
    const created = await f.indexer.lookupAccountCreatedAssets(a.addr).do()
    expect(created.assets.map((x) => x.index)).toEqual([gold, silver])
    const page1 = await f.indexer.lookupAccountCreatedAssets(a.addr).limit(1).do()
    const page2 = await f.indexer
      .lookupAccountCreatedAssets(a.addr)
      .limit(1)
      .nextToken(page1.nextToken ?? '')
      .do()
    expect([...page1.assets, ...page2.assets].map((x) => x.index)).toEqual([gold, silver])
  })

  it('searches assets by name, unit and creator, and looks them up', async () => {
    const byName = await f.indexer.searchForAssets().name('gold').do()
    expect(byName.assets.map((x) => x.index)).toEqual([gold])
    const byUnit = await f.indexer.searchForAssets().unit('SLV').do()
    expect(byUnit.assets.map((x) => x.index)).toEqual([silver])
    const byCreator = await f.indexer.searchForAssets().creator(a.addr).do()
    expect(byCreator.assets.map((x) => x.index)).toEqual([gold, silver])
    const withDeleted = await f.indexer.searchForAssets().creator(a.addr).includeAll(true).do()
    expect(withDeleted.assets.map((x) => [x.index, x.deleted ?? false])).toEqual([
      [gold, false],
      [silver, false],
      [tmp, true],
    ])
    const { asset } = await f.indexer.lookupAssetByID(gold).do()
    expect(asset.params.name).toBe('Gold Token')
    expect(asset.params.unitName).toBe('GLD')
    expect(asset.params.url).toBe('https://example.com')
    expect(asset.params.decimals).toBe(2)
    expect(asset.params.total).toBe(1000n)
    expect(asset.params.creator).toBe(a.addr)
    expect(asset.params.manager).toBe(a.addr)
    // The indexer prints unset role addresses as the zero address.
    expect(asset.params.clawback).toBe(algosdk.ALGORAND_ZERO_ADDRESS_STRING)
    await expect(f.indexer.lookupAssetByID(tmp).do()).rejects.toThrow(
      `no assets found for asset-id: ${tmp}`,
    )
    const gone = await f.indexer.lookupAssetByID(tmp).includeAll(true).do()
    expect(gone.asset.deleted).toBe(true)
    expect(gone.asset.destroyedAtRound).toBe(tmpDestroyed)
    const usdc = await f.indexer.lookupAssetByID(f.chain.genesis.usdcAssetId).do()
    expect(usdc.asset.params.unitName).toBe('USDC')
    expect(usdc.asset.params.decimals).toBe(6)
    expect(usdc.asset.params.creator).toBe(f.chain.genesis.usdcIssuer)
    expect(usdc.asset.createdAtRound).toBe(1n)
  })

  it('lists asset balances, paged by address, with amount filters', async () => {
    const usdc = f.chain.genesis.usdcAssetId
    const all = await f.indexer.lookupAssetBalances(usdc).do()
    expect(all.balances.length).toBe(6) // the issuer and the five test wallets
    const paged: string[] = []
    let next: string | undefined
    for (let i = 0; i < 10; i++) {
      let q = f.indexer.lookupAssetBalances(usdc).limit(4)
      if (next !== undefined) q = q.nextToken(next)
      const page = await q.do()
      paged.push(...page.balances.map((x) => x.address))
      if (page.balances.length === 0) break
      next = page.nextToken
    }
    expect(paged).toEqual(all.balances.map((x) => x.address))
    const wallets = await f.indexer
      .lookupAssetBalances(usdc)
      .currencyLessThan(1_000_000_000_001)
      .do()
    expect(wallets.balances.length).toBe(5)
    expect(wallets.balances.every((x) => x.amount === 1_000_000_000_000n)).toBe(true)
    const silverHolders = await f.indexer.lookupAssetBalances(silver).do()
    expect(silverHolders.balances.map((x) => x.address)).toEqual([a.addr])
    const withGone = await f.indexer.lookupAssetBalances(silver).includeAll(true).do()
    const gone = withGone.balances.find((x) => x.address === b.addr)
    expect(gone?.deleted).toBe(true)
    expect(gone?.optedOutAtRound).toBe(silverOptOut)
  })

  it('lists an asset’s transactions', async () => {
    const res = await f.indexer.lookupAssetTransactions(gold).do()
    expect(res.transactions.map((t) => t.txType)).toEqual(['acfg', 'axfer', 'axfer'])
    const toB = await f.indexer
      .lookupAssetTransactions(gold)
      .address(b.addr)
      .addressRole('receiver')
      .do()
    // Newest first: the transfer, then the opt-in (b sent itself nothing).
    expect(toB.transactions.map((t) => t.assetTransferTransaction?.amount ?? 0n)).toEqual([
      100n,
      0n,
    ])
  })

  it('searches accounts, by asset and amount, paged by address', async () => {
    const usdc = f.chain.genesis.usdcAssetId
    const holders = await f.indexer.searchAccounts().assetID(usdc).do()
    expect(holders.accounts.length).toBe(6)
    const rich = await f.indexer
      .searchAccounts()
      .assetID(usdc)
      .currencyGreaterThan(1_000_000_000_000)
      .do()
    expect(rich.accounts.map((x) => x.address)).toEqual([f.chain.genesis.usdcIssuer])
    const all = await f.indexer.searchAccounts().exclude('all').do()
    const paged: string[] = []
    let next: string | undefined
    for (let i = 0; i < 20; i++) {
      let q = f.indexer.searchAccounts().exclude('all').limit(3)
      if (next !== undefined) q = q.nextToken(next)
      const page = await q.do()
      paged.push(...page.accounts.map((x) => x.address))
      if (page.accounts.length === 0) break
      next = page.nextToken
    }
    expect(paged).toEqual(all.accounts.map((x) => x.address))
    expect(paged).toContain(a.addr)
    expect(paged).not.toContain(c.addr)
  })

  it('answers bad parameters with 400 and the indexer messages', async () => {
    const cases: [string, number, string][] = [
      ['/v2/accounts/nope', 400, 'unable to parse address'],
      [
        `/v2/accounts/${a.addr}?exclude=bogus`,
        400,
        'unknown value "bogus": invalid exclude argument',
      ],
      [`/v2/accounts/${a.addr}?round=1`, 400, 'error while rewinding account'],
      ['/v2/accounts?round=1', 400, 'multiple accounts rewind is not supported'],
      ['/v2/accounts?online-only=true&include-all=true', 400, 'simultaneously searching'],
      ['/v2/accounts?next=bad', 400, 'unable to parse next token'],
      ['/v2/accounts?auth-addr=bad', 400, 'unable to parse auth addr'],
      [`/v2/accounts/${a.addr}/assets?next=x`, 400, 'unable to parse next token'],
      ['/v2/accounts/nope/created-assets', 400, 'unable to parse creator address'],
      ['/v2/assets?creator=bad', 400, 'unable to parse creator address'],
      ['/v2/assets?include-all=2', 400, 'Invalid format for parameter include-all'],
      ['/v2/assets/abc', 400, 'Invalid format for parameter asset-id'],
      ['/v2/assets/1/balances?next=bad', 400, 'unable to parse next token'],
      ['/v2/assets/99999', 404, 'no assets found for asset-id: 99999'],
      ['/v2/assets/18446744073709551615', 404, 'greater than 9223372036854775807'],
    ]
    for (const [path, status, message] of cases) {
      const res = await f.get(path)
      expect({ path, status: res.status }).toEqual({ path, status })
      expect(res.body.message, path).toContain(message)
    }
  })
})
