/**
 * The persistence promise, end to end: with `--data`, committed blocks and state survive
 * a `kill -9` at any moment and a graceful stop. The CLI runs in a child process; this process
 * loads it through algod as fast as it answers (payments, USDC transfers, app calls, groups),
 * kills it at a random moment, restarts it on the same directory, and checks that nothing it
 * acknowledged is lost, nothing is half-applied, and the balances are exactly what the
 * committed operations imply (workload.ts, devnet-process.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import algosdk from 'algosdk'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createCounterApp,
  measure,
  startCli,
  verifyAfterRestart,
  type RunningDevnet,
} from './devnet-process.js'
import { PARTICIPANTS, newOutcomes, signed, startLoad, wallet, type Outcomes } from './workload.js'

const dirs: string[] = []
const running: RunningDevnet[] = []
afterEach(() => {
  for (const d of running.splice(0)) d.cli.child.kill('SIGKILL')
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'devnet-crash-'))
  dirs.push(dir)
  return dir
}

async function start(dir: string): Promise<RunningDevnet> {
  const devnet = await startCli(dir)
  running.push(devnet)
  return devnet
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Lets the load get going (some submissions acknowledged, however slow this machine is today),
 * then waits a random while longer: the moment of the kill is anywhere in the stream of writes.
 */
async function loadThenRandomPause(outcomes: Outcomes): Promise<void> {
  for (const started = Date.now(); outcomes.accepted.length < 20; await sleep(5)) {
    if (Date.now() - started > 10_000) throw new Error('the load does not get through')
  }
  await sleep(Math.random() * 500)
}

/** A payment after the last restart is accepted and confirmed: the devnet carries on. */
async function submitsMore(devnet: RunningDevnet): Promise<void> {
  const [from, to] = PARTICIPANTS
  const before = (await devnet.algod.accountInformation(to.addr).do()).amount
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: from.addr,
    receiver: to.addr,
    amount: 7n,
    suggestedParams: await devnet.algod.getTransactionParams().do(),
  })
  const { txid } = await devnet.algod.sendRawTransaction(signed(txn, from.sk)).do()
  await algosdk.waitForConfirmation(devnet.algod, txid, 5)
  expect((await devnet.algod.accountInformation(to.addr).do()).amount).toBe(before + 7n)
}

describe('the devnet CLI with --data', () => {
  it('loses no acknowledged transaction and half-applies nothing across kill -9 at random moments', async () => {
    const dir = dataDir()
    let devnet = await start(dir)
    const appId = await createCounterApp(devnet.algod, wallet('Wallet1'))
    const model = await measure(devnet.algod, appId)
    let accepted = 0
    let unknownCommitted = 0
    for (let kill = 0; kill < 3; kill++) {
      const outcomes = newOutcomes()
      const load = startLoad({ algod: devnet.algod, appId }, outcomes)
      await loadThenRandomPause(outcomes)
      devnet.cli.child.kill('SIGKILL')
      const finished = await devnet.cli.finished
      expect(finished.signal).toBe('SIGKILL')
      running.splice(running.indexOf(devnet), 1)
      load.stop()
      await load.done

      devnet = await start(dir)
      unknownCommitted += await verifyAfterRestart(devnet, appId, outcomes, model)
      accepted += outcomes.accepted.length
    }
    expect(accepted).toBeGreaterThanOrEqual(60)
    // Each kill leaves up to one submission per sender unanswered; whichever of them reached the
    // disk are on chain (whole), the others are not (checked in verifyAfterRestart).
    expect(unknownCommitted).toBeLessThanOrEqual(3 * PARTICIPANTS.length)
    await submitsMore(devnet)
    devnet.cli.child.kill('SIGTERM')
    expect((await devnet.cli.finished).code).toBe(0)
  }, 40_000)

  it('keeps everything across a graceful stop (SIGTERM) in the middle of the load', async () => {
    const dir = dataDir()
    let devnet = await start(dir)
    const appId = await createCounterApp(devnet.algod, wallet('Wallet1'))
    const model = await measure(devnet.algod, appId)
    const outcomes = newOutcomes()
    const load = startLoad({ algod: devnet.algod, appId }, outcomes)
    await loadThenRandomPause(outcomes)
    devnet.cli.child.kill('SIGTERM')
    const finished = await devnet.cli.finished
    expect(finished.code).toBe(0)
    expect(finished.stdout).toContain('devnet: stopped')
    running.splice(running.indexOf(devnet), 1)
    load.stop()
    await load.done

    devnet = await start(dir)
    await verifyAfterRestart(devnet, appId, outcomes, model)
    await submitsMore(devnet)
    devnet.cli.child.kill('SIGTERM')
    expect((await devnet.cli.finished).code).toBe(0)
  }, 30_000)
})
