/**
 * The devnet CLI on a data directory (ports 0, read back from its ready banner), with algosdk
 * clients, plus the checks the crash tests make after each restart.
 */
import algosdk from 'algosdk'
import { expect } from 'vitest'
import { printedUrl, spawnCli, type RunningCli } from '../cli/cli-process.js'
import { PARTICIPANTS, USDC, applyEffects, signed, type Ledger, type Outcomes } from './workload.js'

const TOKEN = 'a'.repeat(64)

export interface RunningDevnet {
  readonly cli: RunningCli
  readonly algod: algosdk.Algodv2
  readonly indexer: algosdk.Indexer
}

function baseAndPort(url: string): [string, number] {
  const u = new URL(url)
  return [`${u.protocol}//${u.hostname}`, Number(u.port)]
}

export async function startCli(dir: string): Promise<RunningDevnet> {
  const cli = spawnCli([
    '--data',
    dir,
    '--algod-port',
    '0',
    '--indexer-port',
    '0',
    '--kmd-port',
    '0',
  ])
  const stdout = await cli.waitFor(/Press Ctrl\+C to stop\./)
  return {
    cli,
    algod: new algosdk.Algodv2(TOKEN, ...baseAndPort(printedUrl(stdout, 'algod'))),
    indexer: new algosdk.Indexer(TOKEN, ...baseAndPort(printedUrl(stdout, 'indexer'))),
  }
}

const COUNTER_APP = `#pragma version 10
txn ApplicationID
bz create
byte "n"
dup
app_global_get
int 1
+
app_global_put
int 1
return
create:
byte "n"
int 0
app_global_put
int 1
`

/** Creates the counter app the load calls; returns its id. */
export async function createCounterApp(
  algod: algosdk.Algodv2,
  creator: { addr: string; sk: Uint8Array },
): Promise<bigint> {
  const compile = async (source: string) =>
    new Uint8Array(Buffer.from((await algod.compile(source).do()).result, 'base64'))
  const txn = algosdk.makeApplicationCreateTxnFromObject({
    sender: creator.addr,
    approvalProgram: await compile(COUNTER_APP),
    clearProgram: await compile('#pragma version 10\nint 1\n'),
    numGlobalInts: 1,
    numGlobalByteSlices: 0,
    numLocalInts: 0,
    numLocalByteSlices: 0,
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    suggestedParams: await algod.getTransactionParams().do(),
  })
  const { txid } = await algod.sendRawTransaction(signed(txn, creator.sk)).do()
  const confirmed = await algosdk.waitForConfirmation(algod, txid, 5)
  if (confirmed.applicationIndex === undefined) throw new Error('no app id')
  return confirmed.applicationIndex
}

/** The balances and the app's counter as the chain reports them. */
export async function measure(algod: algosdk.Algodv2, appId: bigint): Promise<Ledger> {
  const algo = new Map<string, bigint>()
  const usdc = new Map<string, bigint>()
  for (const p of PARTICIPANTS) {
    algo.set(p.addr, (await algod.accountInformation(p.addr).exclude('all').do()).amount)
    const holding = await algod.accountAssetInformation(p.addr, USDC).do()
    usdc.set(p.addr, holding.assetHolding?.amount ?? 0n)
  }
  const app = await algod.getApplicationByID(appId).do()
  const n = app.params?.globalState?.find((kv) => Buffer.from(kv.key).toString() === 'n')
  return { algo, usdc, calls: n?.value.uint ?? 0n }
}

/** Every transaction on chain by txid, with its round, from the indexer once it caught up. */
async function txidsOnChain(
  indexer: algosdk.Indexer,
  lastRound: bigint,
): Promise<Map<string, bigint>> {
  for (let tries = 0; (await indexer.makeHealthCheck().do()).round < lastRound; tries++) {
    if (tries > 200) throw new Error('the indexer did not catch up')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const rounds = new Map<string, bigint>()
  let next: string | undefined
  do {
    let query = indexer.searchForTransactions().minRound(1).maxRound(lastRound).limit(10_000)
    if (next !== undefined) query = query.nextToken(next)
    const page = await query.do()
    for (const t of page.transactions) rounds.set(t.id ?? '', t.confirmedRound ?? -1n)
    next = page.transactions.length > 0 ? page.nextToken : undefined
  } while (next !== undefined)
  return rounds
}

/**
 * After a restart: every accepted submission is on chain (whole), every unknown one is on chain
 * whole or not at all, the last round is at least the last one seen, recent transactions are
 * confirmed in algod's pending view, and the chain's balances are the model's (which this
 * advances by what got committed). Returns how many unknown submissions turned out committed.
 */
export async function verifyAfterRestart(
  devnet: RunningDevnet,
  appId: bigint,
  outcomes: Outcomes,
  model: Ledger,
): Promise<number> {
  expect(outcomes.rejected).toEqual([])
  const status = await devnet.algod.status().do()
  expect(status.lastRound).toBeGreaterThanOrEqual(outcomes.maxObservedRound)
  const onChain = await txidsOnChain(devnet.indexer, status.lastRound)

  const committed = [...outcomes.accepted]
  for (const s of outcomes.accepted) {
    for (const txid of s.txids) expect(onChain.has(txid), `accepted ${txid} lost`).toBe(true)
  }
  let unknownCommitted = 0
  for (const s of outcomes.unknown) {
    const present = s.txids.filter((t) => onChain.has(t))
    // A group is all or nothing.
    expect([0, s.txids.length]).toContain(present.length)
    if (present.length > 0) {
      committed.push(s)
      unknownCommitted++
    }
  }
  for (const s of committed) {
    const rounds = new Set(s.txids.map((t) => onChain.get(t)))
    expect(rounds.size, 'a group split across rounds').toBe(1)
  }

  // algod's pending view keeps confirmed transactions for the last 1000 rounds (MaxTxnLife).
  const recent = committed
    .flatMap((s) => s.txids)
    .filter((t) => (onChain.get(t) ?? 0n) + 1000n > status.lastRound)
  for (const txid of recent) {
    const pending = await devnet.algod.pendingTransactionInformation(txid).do()
    expect(pending.confirmedRound).toBe(onChain.get(txid))
  }

  for (const s of committed) applyEffects(model, s.effects)
  const actual = await measure(devnet.algod, appId)
  expect(actual).toEqual(model)
  return unknownCommitted
}
