/**
 * Applications through algosdk's Indexer client against the devnet chain: search by creator,
 * lookups with global state and lifetime rounds, logs, local states, boxes, and inner
 * transactions nested in their root as the indexer nests them (a search that matches an inner
 * transaction returns its root).
 */
import { assemble } from '@unica/avm'
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IndexerFixture, newAccount, startIndexer } from './fixture.js'

type Acct = { addr: string; sk: Uint8Array }

const APPROVAL = `#pragma version 10
txn ApplicationID
bz create
txn OnCompletion
int OptIn
==
bnz optin
txn OnCompletion
int DeleteApplication
==
bnz ok
txna ApplicationArgs 0
byte "pay"
==
bnz pay
txna ApplicationArgs 0
byte "box"
==
bnz box
byte "hello"
log
int 1
return
create:
byte "g"
int 7
app_global_put
int 1
return
optin:
txn Sender
byte "l"
int 3
app_local_put
int 1
return
pay:
byte "paying"
log
itxn_begin
int pay
itxn_field TypeEnum
txn Sender
itxn_field Receiver
int 1000
itxn_field Amount
int 0
itxn_field Fee
itxn_submit
int 1
return
box:
byte "b1"
int 8
box_create
pop
int 1
return
ok:
int 1
return
`

function program(source: string): Uint8Array {
  const r = assemble(source)
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'))
  return r.program
}

describe('indexer applications', () => {
  let f: IndexerFixture
  const a = newAccount()
  const b = newAccount()
  let app = 0n
  let doomed = 0n
  let appAddr = ''
  let created = 0n
  let deleted = 0n
  const txids: Record<string, string> = {}

  const call = (
    from: Acct,
    id: bigint,
    arg: string,
    extra: Partial<algosdk.SuggestedParams> = {},
  ) =>
    f.submit([
      {
        txn: algosdk.makeApplicationNoOpTxnFromObject({
          sender: from.addr,
          appIndex: id,
          appArgs: [new TextEncoder().encode(arg)],
          boxes: arg === 'box' ? [{ appIndex: 0, name: new TextEncoder().encode('b1') }] : [],
          suggestedParams: { ...f.params(), ...extra },
        }),
        sk: from.sk,
      },
    ])[0]

  const createApp = async (): Promise<bigint> => {
    const [txid] = f.submit([
      {
        txn: algosdk.makeApplicationCreateTxnFromObject({
          sender: a.addr,
          approvalProgram: program(APPROVAL),
          clearProgram: program('#pragma version 10\nint 1'),
          numGlobalInts: 1,
          numGlobalByteSlices: 0,
          numLocalInts: 1,
          numLocalByteSlices: 0,
          onComplete: algosdk.OnApplicationComplete.NoOpOC,
          suggestedParams: f.params(),
        }),
        sk: a.sk,
      },
    ])
    const res = await f.indexer.lookupTransactionByID(txid).do()
    return res.transaction.createdApplicationIndex ?? 0n
  }

  beforeAll(async () => {
    f = await startIndexer()
    const d = f.account('Wallet1')
    const dispenser = { addr: d.address, sk: d.secretKey }
    const fund = (to: string, amount: bigint) =>
      f.submit([
        {
          txn: algosdk.makePaymentTxnWithSuggestedParamsFromObject({
            sender: dispenser.addr,
            receiver: to,
            amount,
            suggestedParams: f.params(),
          }),
          sk: dispenser.sk,
        },
      ])
    fund(a.addr, 50_000_000n)
    fund(b.addr, 5_000_000n)
    app = await createApp()
    created = f.chain.lastRound()
    appAddr = algosdk.getApplicationAddress(app).toString()
    fund(appAddr, 1_000_000n)
    f.submit([
      {
        txn: algosdk.makeApplicationOptInTxnFromObject({
          sender: b.addr,
          appIndex: app,
          suggestedParams: f.params(),
        }),
        sk: b.sk,
      },
    ])
    txids.hello = call(a, app, 'hello')
    txids.pay = call(a, app, 'pay', { fee: 2000n })
    txids.box = call(b, app, 'box')
    doomed = await createApp()
    f.submit([
      {
        txn: algosdk.makeApplicationDeleteTxnFromObject({
          sender: a.addr,
          appIndex: doomed,
          suggestedParams: f.params(),
        }),
        sk: a.sk,
      },
    ])
    deleted = f.chain.lastRound()
  })

  afterAll(async () => {
    await f.close()
  })

  it('searches applications by creator, deleted ones with include-all', async () => {
    const res = await f.indexer.searchForApplications().creator(a.addr).do()
    expect(res.applications.map((x) => x.id)).toEqual([app])
    const all = await f.indexer.searchForApplications().creator(a.addr).includeAll(true).do()
    expect(all.applications.map((x) => [x.id, x.deleted ?? false])).toEqual([
      [app, false],
      [doomed, true],
    ])
    const byId = await f.indexer.searchForApplications().index(app).do()
    expect(byId.applications.map((x) => x.id)).toEqual([app])
    const mine = await f.indexer.lookupAccountCreatedApplications(a.addr).do()
    expect(mine.applications.map((x) => x.id)).toEqual([app])
  })

  it('looks an application up with its params and global state', async () => {
    const { application } = await f.indexer.lookupApplications(app).do()
    expect(application?.id).toBe(app)
    expect(application?.createdAtRound).toBe(created)
    expect(application?.params.creator?.toString()).toBe(a.addr)
    expect(application?.params.approvalProgram).toEqual(program(APPROVAL))
    expect(application?.params.globalStateSchema?.numUint).toBe(1)
    const g = application?.params.globalState?.[0]
    expect(new TextDecoder().decode(g?.key)).toBe('g')
    expect(g?.value.uint).toBe(7n)
    await expect(f.indexer.lookupApplications(doomed).do()).rejects.toThrow(
      `no application found for application-id: ${doomed}`,
    )
    const gone = await f.indexer.lookupApplications(doomed).includeAll(true).do()
    expect(gone.application?.deleted).toBe(true)
    expect(gone.application?.deletedAtRound).toBe(deleted)
  })

  it('returns application logs, by sender and paged', async () => {
    const res = await f.indexer.lookupApplicationLogs(app).do()
    expect(res.applicationId).toBe(app)
    expect(res.logData?.map((l) => [l.txid, new TextDecoder().decode(l.logs[0])])).toEqual([
      [txids.hello, 'hello'],
      [txids.pay, 'paying'],
    ])
    const page1 = await f.indexer.lookupApplicationLogs(app).limit(1).do()
    const page2 = await f.indexer
      .lookupApplicationLogs(app)
      .limit(1)
      .nextToken(page1.nextToken ?? '')
      .do()
    expect([...(page1.logData ?? []), ...(page2.logData ?? [])].map((l) => l.txid)).toEqual([
      txids.hello,
      txids.pay,
    ])
    const byB = await f.indexer.lookupApplicationLogs(app).sender(b.addr).do()
    expect(byB.logData ?? []).toEqual([])
    const byTxid = await f.indexer.lookupApplicationLogs(app).txid(txids.pay).do()
    expect(byTxid.logData?.map((l) => l.txid)).toEqual([txids.pay])
  })

  it('nests inner transactions in their root and finds the root through them', async () => {
    const { transaction } = await f.indexer.lookupTransactionByID(txids.pay).do()
    expect(transaction.innerTxns?.length).toBe(1)
    const inner = transaction.innerTxns?.[0]
    expect(inner?.txType).toBe('pay')
    expect(inner?.sender).toBe(appAddr)
    expect(inner?.paymentTransaction?.receiver).toBe(a.addr)
    expect(inner?.paymentTransaction?.amount).toBe(1000n)
    expect(inner?.confirmedRound).toBe(transaction.confirmedRound)
    expect(inner?.id).toBeUndefined()
    // The app account only sent an inner payment: searching it returns the root app call.
    const fromApp = await f.indexer
      .searchForTransactions()
      .address(appAddr)
      .addressRole('sender')
      .do()
    expect(fromApp.transactions.map((t) => t.id)).toEqual([txids.pay])
    const toA = await f.indexer.searchForTransactions().address(a.addr).addressRole('receiver').do()
    expect(toA.transactions.map((t) => t.id)).toContain(txids.pay)
    const byApp = await f.indexer.searchForTransactions().applicationID(app).do()
    expect(byApp.transactions.map((t) => t.txType)).toEqual([
      'appl',
      'appl',
      'appl',
      'appl',
      'appl',
    ])
    const pays = await f.indexer.searchForTransactions().applicationID(app).txType('appl').do()
    expect(pays.transactions.length).toBe(5)
  })

  it('shows local states with their opt-in round, and accounts opted in', async () => {
    const res = await f.indexer.lookupAccountAppLocalStates(b.addr).do()
    expect(res.appsLocalStates.map((l) => l.id)).toEqual([app])
    const local = res.appsLocalStates.at(0)
    expect(new TextDecoder().decode(local?.keyValue?.[0]?.key)).toBe('l')
    expect(local?.keyValue?.[0]?.value.uint).toBe(3n)
    expect(local?.optedInAtRound).toBeGreaterThan(created)
    const optedIn = await f.indexer.searchAccounts().applicationID(app).do()
    expect(optedIn.accounts.map((x) => x.address)).toEqual([b.addr])
    const account = await f.indexer.lookupAccountByID(b.addr).do()
    expect(account.account.appsLocalState?.map((l) => l.id)).toEqual([app])
  })

  it('lists boxes and looks one up', async () => {
    const boxes = await f.indexer.searchForApplicationBoxes(app).do()
    expect(boxes.boxes.map((x) => new TextDecoder().decode(x.name))).toEqual(['b1'])
    const box = await f.indexer
      .lookupApplicationBoxByIDandName(app, new TextEncoder().encode('b1'))
      .do()
    expect(box.value).toEqual(new Uint8Array(8))
    await expect(
      f.indexer.lookupApplicationBoxByIDandName(app, new TextEncoder().encode('nope')).do(),
    ).rejects.toThrow('no application boxes found')
  })

  it('answers bad parameters with 400 and the indexer messages', async () => {
    const cases: [string, number, string][] = [
      ['/v2/applications?creator=bad', 400, 'unable to parse creator address'],
      ['/v2/applications?next=x', 400, 'unable to parse next token'],
      ['/v2/applications/abc', 400, 'Invalid format for parameter application-id'],
      ['/v2/applications/1/logs?sender-address=bad', 400, 'unable to parse address'],
      ['/v2/applications/1/logs?min-round=9&max-round=2', 400, 'min-round must be less than'],
      ['/v2/applications/1/box?name=zzz', 400, 'illegal box name'],
      ['/v2/applications/1/boxes?next=b64:%25', 400, 'illegal next token'],
      [
        `/v2/accounts/${a.addr}/apps-local-state?limit=-1`,
        400,
        'Invalid format for parameter limit',
      ],
    ]
    for (const [path, status, message] of cases) {
      const res = await f.get(path)
      expect({ path, status: res.status }).toEqual({ path, status })
      expect(res.body.message, path).toContain(message)
    }
  })
})
