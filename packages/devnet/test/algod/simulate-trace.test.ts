/**
 * simulate's exec-trace-config over HTTP with algosdk: approval-program traces with stack,
 * scratch and state changes, initial states, a logic-sig trace, inner transaction traces, and
 * the JSON keys go-algorand writes for them (test/vectors/simulate-trace-key-sets.json).
 */
import { createHash } from 'node:crypto'

import algosdk, { modelsv2 } from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { keyPaths, loadKeySets } from '../key-paths.js'
import { expectError, startAlgod, type AlgodFixture } from './fixture.js'

/** Counts calls in global "n" (through scratch slot 1) and deletes global "gone". */
const COUNTER = `#pragma version 10
txn ApplicationID
bz create
byte "n"
app_global_get
int 1
+
store 1
byte "n"
load 1
app_global_put
byte "gone"
app_global_del
int 1
return
create:
byte "n"
int 5
app_global_put
byte "gone"
byte "x"
app_global_put
int 1
`

/** Pays its caller 0 in an inner transaction. */
const PAYER = `#pragma version 10
txn ApplicationID
bz done
itxn_begin
int pay
itxn_field TypeEnum
txn Sender
itxn_field Receiver
int 0
itxn_field Amount
int 0
itxn_field Fee
itxn_submit
done:
int 1
`

const CLEAR = '#pragma version 10\nint 1\n'
const ALL = new modelsv2.SimulateTraceConfig({
  enable: true,
  stackChange: true,
  scratchChange: true,
  stateChange: true,
})

const expectedKeys = loadKeySets('simulate-trace-key-sets.json')
let f: AlgodFixture
let counter: bigint
let payer: bigint
let lsig: algosdk.LogicSigAccount

const sha512_256 = (b: Uint8Array) => new Uint8Array(createHash('sha512-256').update(b).digest())

async function compile(src: string): Promise<Uint8Array> {
  return new Uint8Array(Buffer.from((await f.algod.compile(src).do()).result, 'base64'))
}

async function createApp(approval: string, globals: { ints: number; bytes: number }) {
  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: f.account('Wallet1').address,
    approvalProgram: await compile(approval),
    clearProgram: await compile(CLEAR),
    numGlobalInts: globals.ints,
    numGlobalByteSlices: globals.bytes,
    numLocalInts: 0,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: await f.algod.getTransactionParams().do(),
  })
  const { txid } = await f.algod.sendRawTransaction(f.sign(create, f.account('Wallet1'))).do()
  return (await algosdk.waitForConfirmation(f.algod, txid, 3)).applicationIndex!
}

async function call(app: bigint) {
  const txn = algosdk.makeApplicationNoOpTxnFromObject({
    sender: f.account('Wallet2').address,
    appIndex: app,
    suggestedParams: { ...(await f.algod.getTransactionParams().do()), fee: 2000, flatFee: true },
  })
  return algosdk.decodeSignedTransaction(f.sign(txn, f.account('Wallet2')))
}

function request(txns: algosdk.SignedTransaction[], execTraceConfig = ALL) {
  return new modelsv2.SimulateRequest({
    txnGroups: [new modelsv2.SimulateRequestTransactionGroup({ txns })],
    execTraceConfig,
  })
}

async function simulateJSON(txns: algosdk.SignedTransaction[]): Promise<unknown> {
  const response = await f.raw('/v2/transactions/simulate?format=json', {
    method: 'POST',
    headers: { 'Content-Type': 'application/msgpack' },
    body: algosdk.encodeMsgpack(request(txns)),
  })
  expect(response.status).toBe(200)
  return response.json
}

const uint = (n: number) => new modelsv2.AvmValue({ type: 2, uint: BigInt(n) })
const bytes = (s: string) => new modelsv2.AvmValue({ type: 1, bytes: new TextEncoder().encode(s) })
const text = (s: string) => new TextEncoder().encode(s)

beforeAll(async () => {
  f = await startAlgod()
  counter = await createApp(COUNTER, { ints: 1, bytes: 1 })
  payer = await createApp(PAYER, { ints: 0, bytes: 0 })
  await f.pay(f.account('Wallet1'), algosdk.getApplicationAddress(payer).toString(), 1_000_000)
  lsig = new algosdk.LogicSigAccount(await compile('#pragma version 10\nint 1\n'))
  await f.pay(f.account('Wallet1'), lsig.address().toString(), 1_000_000)
})

afterAll(async () => {
  await f.close()
})

describe('simulate exec traces', () => {
  it('traces an app call: pcs, stack, scratch and state changes, and its program hash', async () => {
    const response = await f.algod.simulateTransactions(request([await call(counter)])).do()
    expect(response.execTraceConfig?.enable).toBe(true)
    const result = response.txnGroups[0].txnResults[0]
    const trace = result.execTrace!
    const approval = await compile(COUNTER)
    expect(trace.approvalProgramHash).toEqual(sha512_256(approval))
    const units = trace.approvalProgramTrace!
    // The first instruction follows the version byte; every one executed has a unit.
    expect(units[0].pc).toBe(1)
    const at = (op: string) => {
      const pc = approvalPcs.get(op)
      return units.find((u) => u.pc === pc)!
    }
    const approvalPcs = await opPcs(COUNTER)
    const add = at('+')
    expect(add.stackPopCount).toBe(2)
    expect(add.stackAdditions).toEqual([uint(6)])
    expect(at('store 1').scratchChanges).toEqual([
      new modelsv2.ScratchChange({ slot: 1, newValue: uint(6) }),
    ])
    expect(at('app_global_put').stateChanges).toEqual([
      new modelsv2.ApplicationStateOperation({
        operation: 'w',
        appStateType: 'g',
        key: text('n'),
        newValue: uint(6),
      }),
    ])
    expect(at('app_global_del').stateChanges).toEqual([
      new modelsv2.ApplicationStateOperation({
        operation: 'd',
        appStateType: 'g',
        key: text('gone'),
      }),
    ])
    // return leaves the one value it takes, after taking all.
    expect(at('return').stackAdditions).toEqual([uint(1)])
  })

  it('reports the initial states of the app state the call touched', async () => {
    const response = await f.algod.simulateTransactions(request([await call(counter)])).do()
    expect(response.initialStates?.appInitialStates).toEqual([
      new modelsv2.ApplicationInitialStates({
        id: counter,
        appGlobals: new modelsv2.ApplicationKVStorage({
          kvs: [
            new modelsv2.AvmKeyValue({ key: text('gone'), value: bytes('x') }),
            new modelsv2.AvmKeyValue({ key: text('n'), value: uint(5) }),
          ],
        }),
      }),
    ])
    // Nothing was committed.
    const app = await f.algod.getApplicationByID(counter).do()
    expect(app.params!.globalState?.map((kv) => Buffer.from(kv.key).toString())).toContain('gone')
  })

  it('traces a logic signature', async () => {
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: lsig.address(),
      receiver: lsig.address(),
      amount: 0,
      suggestedParams: await f.algod.getTransactionParams().do(),
    })
    const signed = algosdk.decodeSignedTransaction(
      algosdk.signLogicSigTransactionObject(pay, lsig).blob,
    )
    const response = await f.algod.simulateTransactions(request([signed])).do()
    const trace = response.txnGroups[0].txnResults[0].execTrace!
    expect(trace.logicSigHash).toEqual(sha512_256(lsig.lsig.logic))
    expect(trace.logicSigTrace?.map((u) => u.pc)).toEqual([1])
    expect(trace.logicSigTrace?.[0]?.stackAdditions).toEqual([uint(1)])
    expect(trace.approvalProgramTrace).toBeUndefined()
  })

  it('traces inner transactions under the instruction that issued them', async () => {
    const response = await f.algod.simulateTransactions(request([await call(payer)])).do()
    const group = response.txnGroups[0]
    expect(group.failureMessage).toBeUndefined()
    const trace = group.txnResults[0].execTrace!
    expect(trace.innerTrace).toHaveLength(1)
    const pcs = await opPcs(PAYER)
    const submit = trace.approvalProgramTrace!.find((u) => u.pc === pcs.get('itxn_submit'))!
    expect(submit.spawnedInners).toEqual([0])
  })

  it('traces nothing without enable, and refuses details without it', async () => {
    const plain = await f.algod
      .simulateTransactions(request([await call(counter)], new modelsv2.SimulateTraceConfig({})))
      .do()
    expect(plain.txnGroups[0].txnResults[0].execTrace).toBeUndefined()
    expect(plain.initialStates).toBeUndefined()
    const bad = new modelsv2.SimulateTraceConfig({ stackChange: true })
    const refused = await f.raw('/v2/transactions/simulate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/msgpack' },
      body: algosdk.encodeMsgpack(request([await call(counter)], bad)),
    })
    expectError(refused, 400, 'basic trace must be enabled when enabling stack tracing')
  })

  it('writes the JSON keys go-algorand writes', async () => {
    expect(keyPaths(await simulateJSON([await call(counter)]))).toEqual(
      expectedKeys['app call, every trace option'],
    )
    expect(keyPaths(await simulateJSON([await call(payer)]))).toEqual(
      expectedKeys['inner payment, every trace option'],
    )
  })
})

/** The pc of the first instruction on each source line, by its text (the source map's). */
async function opPcs(src: string): Promise<Map<string, number>> {
  const response = await f.raw('/v2/teal/compile?sourcemap=true', { method: 'POST', body: src })
  const sourcemap = (response.json as { sourcemap: { mappings?: string; mapping?: string } })
    .sourcemap
  const map = new algosdk.ProgramSourceMap({
    version: 3,
    sources: [''],
    names: [],
    mappings: sourcemap.mappings ?? sourcemap.mapping ?? '',
  })
  const pcs = new Map<string, number>()
  for (const pc of map.getPcs()) {
    const line = map.getLocationForPc(pc)?.line
    const op = line === undefined ? undefined : src.split('\n')[line]?.trim()
    if (op !== undefined && !pcs.has(op)) pcs.set(op, pc)
  }
  return pcs
}
