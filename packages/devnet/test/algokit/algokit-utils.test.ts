/**
 * AlgoKit Utils (TypeScript, v9) against the devnet as against AlgoKit LocalNet: configured with
 * the three URLs and `a` x 64, it recognises LocalNet (genesis id devnet-v1), finds the dispenser
 * in kmd (Wallet1, by its genesis.json comment and by the older "not Offline, over 1000 Algo"
 * predicate), funds a new account, creates an asset and an app (TEAL compiled by algod, app calls
 * resource-populated through simulate, an ABI return read from the logs) and reads them back
 * through algod and the indexer.
 */
import { AlgorandClient, algo, microAlgo } from '@algorandfoundation/algokit-utils'
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../../src/index.js'

let devnet: Devnet
let algorand: AlgorandClient
let wallet1: string

beforeAll(async () => {
  devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
  const config = (port: number) => ({ server: 'http://127.0.0.1', port, token: devnet.token })
  algorand = AlgorandClient.fromConfig({
    algodConfig: config(devnet.ports.algod),
    indexerConfig: config(devnet.ports.indexer),
    kmdConfig: config(devnet.ports.kmd),
  })
  wallet1 = devnet.info.accounts.find((a) => a.name === 'Wallet1')?.address ?? ''
})
afterAll(async () => {
  await devnet.stop()
})

const APPROVAL = `#pragma version 10
txn ApplicationID
bz create
byte "counter"
byte "counter"
app_global_get
int 1
+
app_global_put
txn NumAppArgs
bz done
txna ApplicationArgs 0
method "add(uint64,uint64)uint64"
==
assert
byte 0x151f7c75
txna ApplicationArgs 1
btoi
txna ApplicationArgs 2
btoi
+
itob
concat
log
done:
int 1
return
create:
byte "counter"
int 0
app_global_put
int 1
return
`
const CLEAR = '#pragma version 10\nint 1\n'

describe('AlgoKit Utils against the devnet', () => {
  it('sees LocalNet and finds Wallet1 as the LocalNet dispenser', async () => {
    expect(await algorand.client.isLocalNet()).toBe(true)
    const network = await algorand.client.network()
    expect(network.genesisId).toBe('devnet-v1')
    expect(network.genesisHash).toBe(devnet.info.genesisHash)

    const dispenser = await algorand.account.kmd.getLocalNetDispenserAccount()
    expect(dispenser.addr.toString()).toBe(wallet1)
    expect((await algorand.account.localNetDispenser()).addr.toString()).toBe(wallet1)
    // The lookup AlgoKit used before v9 and documents for getWalletAccount.
    const online = await algorand.account.kmd.getWalletAccount(
      'unencrypted-default-wallet',
      (a) => a.status !== 'Offline' && a.amount > 1_000_000_000,
    )
    expect(online?.addr.toString()).toBe(wallet1)
    const info = await algorand.account.getInformation(wallet1)
    expect(info.status).toBe('Online')
  })

  it('funds a new account with send.payment, and a kmd wallet account with getOrCreateWalletAccount', async () => {
    const dispenser = await algorand.account.localNetDispenser()
    const fresh = algorand.account.random()
    const result = await algorand.send.payment({
      sender: dispenser.addr,
      receiver: fresh.addr,
      amount: algo(10),
      note: 'algokit',
    })
    expect(result.confirmation.confirmedRound).toBeGreaterThan(0n)
    expect(result.txIds).toHaveLength(1)
    const info = await algorand.account.getInformation(fresh.addr)
    expect(info.balance.microAlgo).toBe(10_000_000n)
    expect(info.minBalance.microAlgo).toBe(100_000n)

    // Creates a kmd wallet, generates a key in it, funds it with 1000 Algo from the dispenser.
    const named = await algorand.account.kmd.getOrCreateWalletAccount('algokit-utils-test')
    expect((await algorand.account.getInformation(named.addr)).balance.algo).toBe(1000)
    const again = await algorand.account.kmd.getOrCreateWalletAccount('algokit-utils-test')
    expect(again.addr.toString()).toBe(named.addr.toString())
  })

  it('creates an asset, opts in, transfers it, and reads it back from algod and the indexer', async () => {
    const dispenser = await algorand.account.localNetDispenser()
    const creator = algorand.account.random()
    const holder = algorand.account.random()
    for (const a of [creator, holder]) {
      await algorand.send.payment({ sender: dispenser.addr, receiver: a.addr, amount: algo(5) })
    }
    const created = await algorand.send.assetCreate({
      sender: creator.addr,
      total: 1_000_000n,
      decimals: 2,
      unitName: 'TST',
      assetName: 'AlgoKit test asset',
      url: 'https://example.com',
      manager: creator.addr,
    })
    const assetId = created.assetId
    expect(assetId).toBeGreaterThan(1001n)
    await algorand.send.assetOptIn({ sender: holder.addr, assetId })
    await algorand.send.assetTransfer({
      sender: creator.addr,
      receiver: holder.addr,
      assetId,
      amount: 2_500n,
    })

    const asset = await algorand.asset.getById(assetId)
    expect(asset).toMatchObject({
      assetId,
      creator: creator.addr.toString(),
      total: 1_000_000n,
      decimals: 2,
      unitName: 'TST',
      assetName: 'AlgoKit test asset',
      url: 'https://example.com',
    })
    const holding = await algorand.asset.getAccountInformation(holder.addr, assetId)
    expect(holding.balance).toBe(2_500n)

    const fromIndexer = await algorand.client.indexer.lookupAssetByID(assetId).do()
    expect(fromIndexer.asset.params.creator).toBe(creator.addr.toString())
    const balances = await algorand.client.indexer.lookupAssetBalances(assetId).do()
    const amounts = new Map(balances.balances.map((b) => [b.address, b.amount]))
    expect(amounts.get(holder.addr.toString())).toBe(2_500n)
    expect(amounts.get(creator.addr.toString())).toBe(1_000_000n - 2_500n)
  })

  it('creates an app from TEAL, calls it (bare and ABI), and reads its global state back', async () => {
    const dispenser = await algorand.account.localNetDispenser()
    const creator = algorand.account.random()
    await algorand.send.payment({ sender: dispenser.addr, receiver: creator.addr, amount: algo(5) })
    const created = await algorand.send.appCreate({
      sender: creator.addr,
      approvalProgram: APPROVAL,
      clearStateProgram: CLEAR,
      schema: { globalInts: 1, globalByteSlices: 0, localInts: 0, localByteSlices: 0 },
    })
    const appId = created.appId
    expect(created.appAddress.toString()).toBe(algosdk.getApplicationAddress(appId).toString())
    // AlgoKit compiled the TEAL through algod's /v2/teal/compile.
    expect(created.compiledApproval?.compiledBase64ToBytes.length).toBeGreaterThan(0)

    await algorand.send.appCall({ sender: creator.addr, appId, staticFee: microAlgo(1000) })
    const add = algosdk.ABIMethod.fromSignature('add(uint64,uint64)uint64')
    const called = await algorand.send.appCallMethodCall({
      sender: creator.addr,
      appId,
      method: add,
      args: [40n, 2n],
    })
    expect(called.return?.returnValue).toBe(42n)

    const app = await algorand.app.getById(appId)
    expect(app.creator.toString()).toBe(creator.addr.toString())
    expect(app.globalInts).toBe(1)
    expect(app.globalState.counter.value).toBe(2n)
    expect((await algorand.app.getGlobalState(appId)).counter.value).toBe(2n)

    const fromIndexer = await algorand.client.indexer.lookupApplications(appId).do()
    expect(fromIndexer.application?.params.creator?.toString()).toBe(creator.addr.toString())
  })
})
