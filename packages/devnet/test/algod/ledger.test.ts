/**
 * Ledger state through algosdk's Algodv2: supply, accountInformation (with exclude),
 * accountAssetInformation, accountApplicationInformation, getApplicationByID,
 * getApplicationBoxes, getApplicationBoxByName and getAssetByID, with algod's 4xx answers
 * (go-algorand daemon/algod/api/server/v2/errors.go) for what does not exist or is malformed.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { expectError, sdkError, startAlgod, type AlgodFixture } from './fixture.js'

/** Creates global "g" = 1; on opt-in sets local "l" = 2; a NoOp puts box arg0 = arg1. */
const APPROVAL = `#pragma version 10
txn ApplicationID
bz create
txn OnCompletion
int OptIn
==
bnz optin
txna ApplicationArgs 0
txna ApplicationArgs 1
box_put
int 1
return
create:
byte "g"
int 1
app_global_put
int 1
return
optin:
txn Sender
byte "l"
int 2
app_local_put
int 1
return
`
const CLEAR = '#pragma version 10\nint 1\n'

let f: AlgodFixture
let appId: bigint
let usdc: bigint
const boxNames = ['alpha', 'beta', 'gamma'].map((s) => new TextEncoder().encode(s))

async function send(txns: algosdk.Transaction[], signer: string): Promise<bigint> {
  const grouped = txns.length > 1 ? algosdk.assignGroupID(txns) : txns
  const signed = grouped.map((t) => f.sign(t, f.account(signer)))
  const { txid } = await f.algod.sendRawTransaction(signed).do()
  const info = await algosdk.waitForConfirmation(f.algod, txid, 3)
  return info.applicationIndex ?? 0n
}

beforeAll(async () => {
  f = await startAlgod()
  usdc = f.chain.genesis.usdcAssetId
  const compile = async (src: string) =>
    new Uint8Array(Buffer.from((await f.algod.compile(src).do()).result, 'base64'))
  const creator = f.account('Wallet1').address
  let params = await f.algod.getTransactionParams().do()
  appId = await send(
    [
      algosdk.makeApplicationCreateTxnFromObject({
        sender: creator,
        approvalProgram: await compile(APPROVAL),
        clearProgram: await compile(CLEAR),
        numGlobalInts: 1,
        numGlobalByteSlices: 0,
        numLocalInts: 1,
        numLocalByteSlices: 0,
        onComplete: algosdk.OnApplicationComplete.NoOpOC,
        suggestedParams: params,
      }),
    ],
    'Wallet1',
  )
  params = await f.algod.getTransactionParams().do()
  await send(
    [
      algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: creator,
        receiver: algosdk.getApplicationAddress(appId),
        amount: 1_000_000,
        suggestedParams: params,
      }),
      ...boxNames.map((name) =>
        algosdk.makeApplicationNoOpTxnFromObject({
          sender: creator,
          appIndex: appId,
          appArgs: [name, new TextEncoder().encode('value')],
          boxes: [{ appIndex: 0, name }],
          suggestedParams: params,
        }),
      ),
    ],
    'Wallet1',
  )
  await send(
    [
      algosdk.makeApplicationOptInTxnFromObject({
        sender: f.account('Wallet2').address,
        appIndex: appId,
        suggestedParams: params,
      }),
    ],
    'Wallet2',
  )
})

afterAll(async () => {
  await f.close()
})

describe('accounts', () => {
  it('describes an account, with its assets unless excluded', async () => {
    const address = f.account('Wallet2').address
    const full = await f.algod.accountInformation(address).do()
    expect(full.address).toBe(address)
    expect(full.amount).toBeGreaterThan(0n)
    expect(full.round).toBe(f.chain.lastRound())
    expect(full.assets?.map((a) => a.assetId)).toContain(usdc)
    expect(full.appsLocalState?.map((s) => s.id)).toContain(appId)

    const bare = await f.algod.accountInformation(address).exclude('all').do()
    expect(bare.assets).toBeUndefined()
    expect(bare.appsLocalState).toBeUndefined()
    expect(bare.totalAssetsOptedIn).toBe(full.totalAssetsOptedIn)
    expect((await f.algod.accountInformation(address).exclude('none').do()).assets).toEqual(
      full.assets,
    )
    expectError(
      await f.raw(`/v2/accounts/${address}?exclude=everything`),
      400,
      'failed to parse exclude',
    )
  })

  it('refuses malformed addresses with 400', async () => {
    const address = f.account('Wallet2').address
    const corrupted = address.slice(0, -1) + (address.endsWith('A') ? 'B' : 'A')
    for (const bad of ['NOTANADDRESS', corrupted, 'a'.repeat(58)]) {
      const error = await sdkError(f.algod.accountInformation(bad).do())
      expect(error.status).toBe(400)
      expect(error.message).toMatch(/^Invalid format for parameter address/)
    }
  })

  it("reports an account's asset holding, 404 when it holds none", async () => {
    const holder = await f.algod.accountAssetInformation(f.account('Wallet2').address, usdc).do()
    expect(holder.assetHolding?.assetId).toBe(usdc)
    expect(holder.assetHolding?.amount).toBeGreaterThan(0n)
    expect(holder.round).toBe(f.chain.lastRound())
    const issuer = await f.algod.accountAssetInformation(f.chain.genesis.usdcIssuer, usdc).do()
    expect(issuer.createdAsset?.unitName).toBe('USDC')

    const none = await sdkError(
      f.algod.accountAssetInformation(f.account('Wallet1').address, 999_999).do(),
    )
    expect(none).toEqual({ status: 404, message: 'account asset info not found' })
  })

  it("reports an account's local state and created app, 404 for neither", async () => {
    const local = await f.algod
      .accountApplicationInformation(f.account('Wallet2').address, appId)
      .do()
    const entry = local.appLocalState?.keyValue?.[0]
    expect(new TextDecoder().decode(entry?.key)).toBe('l')
    expect(entry?.value.uint).toBe(2n)
    const created = await f.algod
      .accountApplicationInformation(f.account('Wallet1').address, appId)
      .do()
    expect(created.createdApp?.creator.toString()).toBe(f.account('Wallet1').address)
    expect(created.appLocalState).toBeUndefined()

    const none = await sdkError(
      f.algod.accountApplicationInformation(f.account('Wallet3').address, appId).do(),
    )
    expect(none).toEqual({ status: 404, message: 'account application info not found' })
  })
})

describe('applications and boxes', () => {
  it('describes an application with its global state', async () => {
    const app = await f.algod.getApplicationByID(appId).do()
    expect(app.id).toBe(appId)
    expect(app.params!.creator.toString()).toBe(f.account('Wallet1').address)
    const g = app.params!.globalState?.find((kv) => new TextDecoder().decode(kv.key) === 'g')
    expect(g?.value.uint).toBe(1n)
    expect(app.params!.localStateSchema?.numUint).toBe(1)
    const missing = await sdkError(f.algod.getApplicationByID(appId + 1000n).do())
    expect(missing).toEqual({ status: 404, message: 'application does not exist' })
  })

  it('lists box names, all at once or page by page', async () => {
    const all = await f.algod.getApplicationBoxes(appId).do()
    expect(all.boxes.map((b) => new TextDecoder().decode(b.name))).toEqual([
      'alpha',
      'beta',
      'gamma',
    ])
    // algosdk's deprecated .max(n): algod refuses to list more than n names.
    expectError(
      await f.raw(`/v2/applications/${appId.toString()}/boxes?max=2`),
      400,
      'Result limit exceeded',
    )

    const first = await f.algod.getApplicationBoxes(appId).limit(2).include('values').do()
    expect(first.boxes).toHaveLength(2)
    expect(first.boxes[0]?.value).toEqual(new TextEncoder().encode('value'))
    expect(first.nextToken).toBeDefined()
    const second = await f.algod.getApplicationBoxes(appId).limit(2).next(first.nextToken).do()
    expect(second.boxes.map((b) => new TextDecoder().decode(b.name))).toEqual(['gamma'])
    expect(second.nextToken).toBeUndefined()

    const prefixed = await f.algod
      .getApplicationBoxes(appId)
      .prefix(new TextEncoder().encode('b'))
      .do()
    expect(prefixed.boxes.map((b) => new TextDecoder().decode(b.name))).toEqual(['beta'])
    expectError(
      await f.raw(`/v2/applications/${appId}/boxes?limit=1&next=nope`),
      400,
      /^invalid next token: /,
    )
    expectError(
      await f.raw(`/v2/applications/${appId}/boxes?limit=1&round=${f.chain.lastRound() + 5n}`),
      400,
      'given round is greater than the latest round',
    )
  })

  it('reads one box by name in every goal encoding', async () => {
    const box = await f.algod.getApplicationBoxByName(appId, boxNames[1]).do()
    expect(new TextDecoder().decode(box.name)).toBe('beta')
    expect(new TextDecoder().decode(box.value)).toBe('value')
    expect(box.round).toBe(f.chain.lastRound())
    const byStr = await f.raw(`/v2/applications/${appId}/box?name=str:beta`)
    expect(byStr.status).toBe(200)
    const b64 = encodeURIComponent(`b64:${Buffer.from('beta').toString('base64')}`)
    expect((await f.raw(`/v2/applications/${appId}/box?name=${b64}`)).text).toBe(byStr.text)

    const missing = await sdkError(
      f.algod.getApplicationBoxByName(appId, new TextEncoder().encode('delta')).do(),
    )
    expect(missing).toEqual({ status: 404, message: 'box not found' })
    expectError(
      await f.raw(`/v2/applications/${appId}/box?name=beta`),
      400,
      "all arguments and box names should be of the form 'encoding:value'",
    )
    expectError(await f.raw(`/v2/applications/${appId}/box?name=hex:00`), 400, /Unknown encoding/)
    expectError(await f.raw(`/v2/applications/${appId}/box`), 400, /name is required/)
  })
})

describe("an account's resources a page at a time", () => {
  it('lists asset holdings with their params, paged by asset id', async () => {
    const wallet2 = f.account('Wallet2').address
    const all = await f.algod.accountAssetsInformation(wallet2).do()
    expect(all.round).toBe(Number(f.chain.lastRound()))
    expect(all.nextToken).toBeUndefined()
    expect(all.assetHoldings?.map((h) => h.assetHolding.assetId)).toEqual([usdc])
    expect(all.assetHoldings?.[0].assetParams?.unitName).toBe('USDC')
    const after = await f.algod.accountAssetsInformation(wallet2).next(String(usdc)).do()
    expect(after.assetHoldings).toEqual([])

    const limitZero = await f.raw(`/v2/accounts/${wallet2}/assets?limit=0`)
    expectError(limitZero, 400, 'limit parameter must be a positive integer')
    const tooMany = await f.raw(`/v2/accounts/${wallet2}/assets?limit=1001`)
    expectError(tooMany, 400, 'limit 1001 exceeds max assets single batch limit 1000')
    expectError(await f.raw(`/v2/accounts/${wallet2}/assets?next=x`), 400, /unable to parse next/)
  })

  it('lists local states and created apps, with params on request', async () => {
    const holder = await f.algod.accountApplicationsInformation(f.account('Wallet2').address).do()
    expect(holder.applicationResources?.map((r) => r.id)).toEqual([Number(appId)])
    expect(holder.applicationResources?.[0].appLocalState?.keyValue?.[0].value.uint).toBe(2n)
    expect(holder.applicationResources?.[0].params).toBeUndefined()

    const creator = f.account('Wallet1').address
    const bare = await f.algod.accountApplicationsInformation(creator).do()
    expect(bare.applicationResources?.[0].params).toBeUndefined()
    const full = await f.algod.accountApplicationsInformation(creator).include(['params']).do()
    expect(full.applicationResources?.[0].params?.creator.toString()).toBe(creator)
    const page = await f.algod.accountApplicationsInformation(creator).limit(1).next('0').do()
    expect(page.applicationResources).toHaveLength(1)
  })
})

describe('ledger supply', () => {
  it('counts participating money (not the fee sink) and online money (Wallet1)', async () => {
    const before = await f.algod.supply().do()
    expect(before.currentRound).toBe(f.chain.lastRound())
    const wallet1 = await f.algod.accountInformation(f.account('Wallet1').address).do()
    expect(before.onlineMoney).toBe(wallet1.amount)
    expect(before.onlineStake).toBe(0n)
    expect(before.totalMoney).toBeGreaterThan(before.onlineMoney)

    // A payment between participating accounts moves no money out, but its fee goes to the
    // fee sink, which does not participate.
    await f.pay(f.account('Wallet3'), f.account('Wallet4').address, 5)
    const after = await f.algod.supply().do()
    expect(after.currentRound).toBe(before.currentRound + 1n)
    expect(after.totalMoney).toBe(before.totalMoney - 1000n)
    expect(after.onlineMoney).toBe(before.onlineMoney)
  })
})

describe('assets and ids', () => {
  it('describes the USDC asset', async () => {
    const asset = await f.algod.getAssetByID(usdc).do()
    expect(asset.index).toBe(usdc)
    expect(asset.params!.unitName).toBe('USDC')
    expect(asset.params!.decimals).toBe(6)
    expect(asset.params!.creator).toBe(f.chain.genesis.usdcIssuer)
    const missing = await sdkError(f.algod.getAssetByID(usdc + 999n).do())
    expect(missing).toEqual({ status: 404, message: 'asset does not exist' })
  })

  it('refuses ids that are not uint64 with 400', async () => {
    const huge = '18446744073709551616'
    for (const path of [
      `/v2/assets/${huge}`,
      `/v2/applications/${huge}`,
      `/v2/applications/-1/boxes`,
      `/v2/applications/1e3/box?name=str:a`,
      `/v2/accounts/${f.account('Wallet1').address}/assets/${huge}`,
      `/v2/accounts/${f.account('Wallet1').address}/applications/0x10`,
    ]) {
      expectError(await f.raw(path), 400, /^Invalid format for parameter (asset|application)-id/)
    }
    const max = (2n ** 64n - 1n).toString()
    expectError(await f.raw(`/v2/assets/${max}`), 404, 'asset does not exist')
  })
})
