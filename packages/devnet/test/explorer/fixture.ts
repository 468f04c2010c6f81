/**
 * A whole devnet on free ports with a scenario submitted through algosdk: payments with hostile
 * and binary notes, an asset whose name, unit and URL carry HTML, an opt-in and a transfer, an
 * application with global state, and a call that makes an inner payment and logs.
 */
import algosdk from 'algosdk'
import { type Devnet, startDevnet } from '../../src/devnet.js'

export const HOSTILE_NOTE = '<script>alert(1)</script>'
export const HOSTILE_ASSET_NAME = '<b>Bold</b> & "quoted"'
export const HOSTILE_UNIT = '<i>'
export const HOSTILE_URL = 'javascript:alert(1)'
const WEB_URL = 'https://example.com/a?b=<x>&c="y"'
export const HOSTILE_STATE = '<img src=x onerror=alert(1)>'
export const HOSTILE_LOG = 'hello <b>'

/** Creates the app's state; each NoOp call pays the caller 0.123456 ALGO from the app account. */
const APPROVAL = `#pragma version 10
txn ApplicationID
bz create
txn OnCompletion
int NoOp
==
assert
itxn_begin
int pay
itxn_field TypeEnum
txn Sender
itxn_field Receiver
int 123456
itxn_field Amount
int 0
itxn_field Fee
itxn_submit
byte "counter"
byte "counter"
app_global_get
int 1
+
app_global_put
byte "${HOSTILE_LOG}"
log
int 1
return
create:
byte "name"
byte "${HOSTILE_STATE}"
app_global_put
byte "owner"
txn Sender
app_global_put
byte "counter"
int 7
app_global_put
byte 0x00ff
byte 0xdeadbeef
app_global_put
int 1
return
`
const CLEAR = '#pragma version 10\nint 1\n'

export interface Scenario {
  readonly devnet: Devnet
  readonly algod: algosdk.Algodv2
  readonly dispenser: { addr: string; sk: Uint8Array }
  /** A fresh account funded with exactly 10 ALGO, then opted in to `assetId` (fee 0.001). */
  readonly holder: { addr: string; sk: Uint8Array }
  readonly payTxid: string
  readonly binaryNoteTxid: string
  readonly assetId: bigint
  readonly webAssetId: bigint
  readonly transferTxid: string
  readonly appId: bigint
  readonly createAppTxid: string
  readonly callTxid: string
  /** A GET without any token (the pages are public). */
  get(path: string, redirect?: 'follow' | 'manual'): Promise<Response>
}

export async function startScenario(): Promise<Scenario> {
  const devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
  const algod = new algosdk.Algodv2(devnet.token, 'http://127.0.0.1', devnet.ports.algod)
  const wallet1 = devnet.chain.genesis.accounts.find((a) => a.comment === 'Wallet1')
  if (wallet1 === undefined) throw new Error('no dispenser')
  const dispenser = { addr: wallet1.address, sk: wallet1.secretKey }
  const generated = algosdk.generateAccount()
  const holder = { addr: generated.addr.toString(), sk: generated.sk }

  const send = async (...txns: { txn: algosdk.Transaction; sk: Uint8Array }[]) => {
    if (txns.length > 1) algosdk.assignGroupID(txns.map((t) => t.txn))
    const signed = await Promise.all(
      txns.map(async ({ txn, sk }) => {
        const signer = algosdk.makeBasicAccountTransactionSigner({ addr: txn.sender, sk })
        return (await signer([txn], [0]))[0]
      }),
    )
    await algod.sendRawTransaction(signed).do()
    const first = txns[0].txn.txID()
    return algosdk.waitForConfirmation(algod, first, 5).then((r) => ({ txid: first, result: r }))
  }
  const sp = async () => algod.getTransactionParams().do()
  const compile = async (src: string) =>
    new Uint8Array(Buffer.from((await algod.compile(src).do()).result, 'base64'))

  const pay = await send({
    txn: algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: dispenser.addr,
      receiver: holder.addr,
      amount: 10_000_000n,
      note: new TextEncoder().encode(HOSTILE_NOTE),
      suggestedParams: await sp(),
    }),
    sk: dispenser.sk,
  })
  const binary = await send({
    txn: algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: dispenser.addr,
      receiver: dispenser.addr,
      amount: 1_234_567n,
      note: new Uint8Array([0, 1, 2, 0xff, 0xfe]),
      suggestedParams: await sp(),
    }),
    sk: dispenser.sk,
  })
  const createAsset = async (url: string) => {
    const { result } = await send({
      txn: algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
        sender: dispenser.addr,
        total: 1_000_000n,
        decimals: 2,
        defaultFrozen: false,
        assetName: HOSTILE_ASSET_NAME,
        unitName: HOSTILE_UNIT,
        assetURL: url,
        manager: dispenser.addr,
        reserve: dispenser.addr,
        freeze: dispenser.addr,
        clawback: dispenser.addr,
        suggestedParams: await sp(),
      }),
      sk: dispenser.sk,
    })
    if (result.assetIndex === undefined) throw new Error('no asset created')
    return result.assetIndex
  }
  const assetId = await createAsset(HOSTILE_URL)
  const webAssetId = await createAsset(WEB_URL)
  await send({
    txn: algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: holder.addr,
      receiver: holder.addr,
      amount: 0,
      assetIndex: assetId,
      suggestedParams: await sp(),
    }),
    sk: holder.sk,
  })
  const transfer = await send({
    txn: algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      sender: dispenser.addr,
      receiver: holder.addr,
      amount: 12_345n,
      assetIndex: assetId,
      suggestedParams: await sp(),
    }),
    sk: dispenser.sk,
  })

  const created = await send({
    txn: algosdk.makeApplicationCreateTxnFromObject({
      sender: dispenser.addr,
      approvalProgram: await compile(APPROVAL),
      clearProgram: await compile(CLEAR),
      numGlobalInts: 1,
      numGlobalByteSlices: 3,
      numLocalInts: 0,
      numLocalByteSlices: 0,
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      suggestedParams: await sp(),
    }),
    sk: dispenser.sk,
  })
  const appId = created.result.applicationIndex
  if (appId === undefined) throw new Error('no app created')
  const fund = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: dispenser.addr,
    receiver: algosdk.getApplicationAddress(appId),
    amount: 1_000_000n,
    suggestedParams: await sp(),
  })
  // The call pays its inner transaction's fee (fee pooling).
  const callParams = { ...(await sp()), fee: 2000n, flatFee: true }
  const call = algosdk.makeApplicationNoOpTxnFromObject({
    sender: dispenser.addr,
    appIndex: appId,
    suggestedParams: callParams,
  })
  await send({ txn: fund, sk: dispenser.sk }, { txn: call, sk: dispenser.sk })

  const base = devnet.urls.algod
  return {
    devnet,
    algod,
    dispenser,
    holder,
    payTxid: pay.txid,
    binaryNoteTxid: binary.txid,
    assetId,
    webAssetId,
    transferTxid: transfer.txid,
    appId,
    createAppTxid: created.txid,
    callTxid: call.txID(),
    get: (path, redirect = 'follow') => fetch(`${base}${path}`, { redirect }),
  }
}
