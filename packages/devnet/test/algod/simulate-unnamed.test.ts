/**
 * simulate's allow-unnamed-resources over HTTP with algosdk (go-algorand
 * ledger/simulation/resources.go; the response's `unnamed-resources-accessed`,
 * daemon/algod/api/algod.oas2.json SimulateUnnamedResourcesAccessed): programs may touch
 * accounts, assets, apps, holdings, local states and boxes the group does not name, within what
 * the group could name, and each is reported: on the group under group sharing (v9+), on the
 * transaction before it. Without the flag the same access fails as before.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sdkError, startAlgod, type AlgodFixture } from './fixture.js'

let f: AlgodFixture
/** v10: reads an account, an asset, an app, a holding and a local state named only in its
 * arguments, then writes a box it does not reference. */
let probe: bigint
/** v8 (no group sharing): reads the balance of the account in arg 0, then the params of `arg 1`
 * assets from id 1000 on. */
let legacy: bigint
let other: bigint
let asset: bigint

const PROBE = `#pragma version 10
txn ApplicationID
bz done
txna ApplicationArgs 0
acct_params_get AcctBalance
pop
pop
txna ApplicationArgs 1
btoi
asset_params_get AssetTotal
pop
pop
txna ApplicationArgs 2
btoi
app_params_get AppCreator
pop
pop
txna ApplicationArgs 0
txna ApplicationArgs 1
btoi
asset_holding_get AssetBalance
pop
pop
txna ApplicationArgs 0
txna ApplicationArgs 2
btoi
byte "k"
app_local_get_ex
pop
pop
byte "box1"
byte "v"
box_put
done:
int 1
`

const LEGACY = `#pragma version 8
txn ApplicationID
bz done
txna ApplicationArgs 0
balance
pop
int 1000
store 0
loop:
load 0
txna ApplicationArgs 1
btoi
int 1000
+
>=
bnz done
load 0
asset_params_get AssetTotal
pop
pop
load 0
int 1
+
store 0
b loop
done:
int 1
`

async function compile(src: string): Promise<Uint8Array> {
  return new Uint8Array(Buffer.from((await f.algod.compile(src).do()).result, 'base64'))
}

async function send(
  txn: algosdk.Transaction,
  from = 'Wallet1',
): Promise<algosdk.modelsv2.PendingTransactionResponse> {
  const { txid } = await f.algod.sendRawTransaction(f.sign(txn, f.account(from))).do()
  return algosdk.waitForConfirmation(f.algod, txid, 3)
}

function createTxn(
  approvalProgram: Uint8Array,
  clearProgram: Uint8Array,
  extraPages: number,
  params: algosdk.SuggestedParams,
): algosdk.Transaction {
  return algosdk.makeApplicationCreateTxnFromObject({
    sender: f.account('Wallet1').address,
    approvalProgram,
    clearProgram,
    numGlobalInts: 0,
    numGlobalByteSlices: 0,
    numLocalInts: 0,
    numLocalByteSlices: 0,
    extraPages,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: params,
  })
}

async function createApp(source: string): Promise<bigint> {
  const version = /#pragma version (\d+)/.exec(source)?.[1]
  const approval = await compile(source)
  const clear = await compile(`#pragma version ${version}\nint 1\n`)
  const params = await f.algod.getTransactionParams().do()
  return (await send(createTxn(approval, clear, 0, params))).applicationIndex!
}

/** An approval program of exactly `size` bytes: constants it pops (values are at most 4096
 * bytes), then approval. */
async function programOfSize(size: number): Promise<Uint8Array> {
  const filler = `pushbytes 0x${'ab'.repeat(4000)}\npop\n`
  const source = (n: number) =>
    `#pragma version 10\n${filler}${filler}pushbytes 0x${'cd'.repeat(n)}\npop\nint 1\n`
  const guess = await compile(source(150))
  const exact = await compile(source(150 + size - guess.length))
  expect(exact.length).toBe(size)
  return exact
}

const u64 = (n: bigint | number) => algosdk.encodeUint64(n)

async function call(app: bigint, args: Uint8Array[]): Promise<algosdk.SignedTransaction> {
  const txn = algosdk.makeApplicationNoOpTxnFromObject({
    sender: f.account('Wallet1').address,
    appIndex: app,
    appArgs: args,
    suggestedParams: await f.algod.getTransactionParams().do(),
  })
  return new algosdk.SignedTransaction({ txn })
}

async function simulate(txn: algosdk.SignedTransaction, allowUnnamedResources?: boolean) {
  const request = new algosdk.modelsv2.SimulateRequest({
    txnGroups: [new algosdk.modelsv2.SimulateRequestTransactionGroup({ txns: [txn] })],
    allowEmptySignatures: true,
    allowUnnamedResources,
  })
  return (await f.algod.simulateTransactions(request).do()).txnGroups[0]
}

const wallet = (name: string) => algosdk.decodeAddress(f.account(name).address).publicKey

beforeAll(async () => {
  f = await startAlgod()
  probe = await createApp(PROBE)
  legacy = await createApp(LEGACY)
  other = await createApp('#pragma version 8\nint 1\n')
  const made = await send(
    algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
      sender: f.account('Wallet1').address,
      total: 10,
      decimals: 0,
      defaultFrozen: false,
      suggestedParams: await f.algod.getTransactionParams().do(),
    }),
  )
  asset = made.assetIndex!
  // A local state exists only once opted in.
  await send(
    algosdk.makeApplicationOptInTxnFromObject({
      sender: f.account('Wallet2').address,
      appIndex: other,
      suggestedParams: await f.algod.getTransactionParams().do(),
    }),
    'Wallet2',
  )
  // The box needs the app account's minimum balance.
  await f.pay(f.account('Wallet1'), algosdk.getApplicationAddress(probe).toString(), 1_000_000)
})

afterAll(async () => {
  await f.close()
})

describe('simulate allow-unnamed-resources', () => {
  const probeArgs = () => [wallet('Wallet2'), u64(asset), u64(other)]

  it('without the flag, an unnamed account fails the call as on a real node', async () => {
    const group = await simulate(await call(probe, probeArgs()))
    expect(group.failureMessage).toMatch(
      new RegExp(`unavailable Account ${f.account('Wallet2').address}`),
    )
    expect(group.unnamedResourcesAccessed).toBeUndefined()
  })

  it('with it, a v10 program reaches every kind, reported on the group', async () => {
    const group = await simulate(await call(probe, probeArgs()), true)
    expect(group.failureMessage).toBeUndefined()
    const used = group.unnamedResourcesAccessed
    expect(used?.accounts?.map(String)).toEqual([f.account('Wallet2').address])
    expect(used?.assets).toEqual([asset])
    expect(used?.apps).toEqual([other])
    expect(used?.boxes?.map((b) => [b.app, Buffer.from(b.name).toString()])).toEqual([
      [probe, 'box1'],
    ])
    expect(used?.assetHoldings?.map((h) => [String(h.account), h.asset])).toEqual([
      [f.account('Wallet2').address, asset],
    ])
    expect(used?.appLocals?.map((l) => [String(l.account), l.app])).toEqual([
      [f.account('Wallet2').address, other],
    ])
    expect(used?.extraBoxRefs).toBeUndefined()
    expect(group.txnResults[0].unnamedResourcesAccessed).toBeUndefined()
  })

  it('writes the JSON keys of algod.oas2.json SimulateUnnamedResourcesAccessed', async () => {
    const request = new algosdk.modelsv2.SimulateRequest({
      txnGroups: [
        new algosdk.modelsv2.SimulateRequestTransactionGroup({
          txns: [await call(probe, probeArgs())],
        }),
      ],
      allowEmptySignatures: true,
      allowUnnamedResources: true,
    })
    const response = await f.raw('/v2/transactions/simulate?format=json', {
      method: 'POST',
      headers: { 'content-type': 'application/msgpack' },
      body: algosdk.encodeMsgpack(request),
    })
    const body = response.json as {
      'txn-groups': { 'unnamed-resources-accessed': Record<string, unknown> }[]
    }
    const used = body['txn-groups'][0]['unnamed-resources-accessed']
    expect(Object.keys(used).sort()).toEqual([
      'accounts',
      'app-locals',
      'apps',
      'asset-holdings',
      'assets',
      'boxes',
    ])
    expect(used['app-locals']).toEqual([
      { account: f.account('Wallet2').address, app: Number(other) },
    ])
    expect(used.boxes).toEqual([
      { app: Number(probe), name: Buffer.from('box1').toString('base64') },
    ])
  })

  it('before v9 the resources are the transaction’s, within its own foreign-array room', async () => {
    // The account takes one of the call's 8 references, so 7 assets fit beside it.
    const fits = await simulate(await call(legacy, [wallet('Wallet3'), u64(7)]), true)
    expect(fits.failureMessage).toBeUndefined()
    expect(fits.unnamedResourcesAccessed).toBeUndefined()
    const used = fits.txnResults[0].unnamedResourcesAccessed
    expect(used?.accounts?.map(String)).toEqual([f.account('Wallet3').address])
    expect(used?.assets).toEqual([1000n, 1001n, 1002n, 1003n, 1004n, 1005n, 1006n])

    const over = await simulate(await call(legacy, [wallet('Wallet3'), u64(8)]), true)
    expect(over.failureMessage).toMatch(/unavailable Asset 1007/)
    expect(over.failedAt).toEqual([0])
  })

  // go charges an unnamed app's programs beyond 4 pages (2048 bytes each) against the group's box
  // read budget (ledger/simulation/resources.go addAppReadBudget, transactions.
  // LargeProgramExtraBytes), a rule of consensus v42, which allows 7 extra pages. Under MainNet's
  // v41, which the devnet runs, an app has at most 3 extra pages, so the charge is always zero:
  // the largest app costs nothing, and a fourth extra page is refused.
  it('an unnamed app of the largest size v41 allows costs no box read budget', async () => {
    const clear = await compile('#pragma version 10\nint 1\n')
    const approval = await programOfSize(4 * 2048 - clear.length)
    const params = await f.algod.getTransactionParams().do()
    const large = (await send(createTxn(approval, clear, 3, params))).applicationIndex!
    const info = await f.algod.getApplicationByID(large).do()
    expect(info.params?.extraProgramPages).toBe(3)

    const reader = await createApp(
      '#pragma version 10\ntxn ApplicationID\nbz done\ntxna ApplicationArgs 0\nbtoi\napp_params_get AppExtraProgramPages\nassert\nint 3\n==\nassert\ndone:\nint 1\n',
    )
    const group = await simulate(await call(reader, [u64(large)]), true)
    expect(group.failureMessage).toBeUndefined()
    expect(group.unnamedResourcesAccessed?.apps).toEqual([large])
    expect(group.unnamedResourcesAccessed?.extraBoxRefs).toBeUndefined()

    const refused = async (txn: algosdk.Transaction) =>
      sdkError(f.algod.sendRawTransaction(f.sign(txn, f.account('Wallet1'))).do())
    const fourth = await refused(createTxn(approval, clear, 4, params))
    expect(fourth.status).toBe(400)
    expect(fourth.message).toMatch(/tx.ExtraProgramPages exceeds MaxExtraAppProgramPages = 3/)
    const longer = await refused(
      createTxn(await programOfSize(4 * 2048 - clear.length + 1), clear, 3, params),
    )
    expect(longer.status).toBe(400)
    expect(longer.message).toMatch(/app programs too long. max total len 8192 bytes/)
  })
})
