/**
 * `npm run bench -- devnet`: payments per second through REST until confirmed (single and in
 * 16-transaction groups), app calls per second, and memory per account at 100,000 accounts, each
 * printed beside the machine's raw ed25519 verifications per second via node:crypto measured in
 * the same run (every payment costs the devnet one verification). Targets on one core: >= 5,000
 * payments/s in groups, >= 1,500/s single, < 2 KB per idle account.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, sign, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import algosdk from 'algosdk'
import type { Devnet } from '@unica/devnet'
import { DevnetKit, algodOf, genesisAccount, keySigner } from '@unica/devnet/testing'
import { KeepAliveHttpClient } from './http-client.js'
import { formatRate } from './measure.js'

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9
}

/** The baseline: raw ed25519 verifications per second on this machine, now. */
function ed25519Baseline(): number {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  // A KeyObject prebuilt once, as a verifier caching keys would hold it.
  const key = createPublicKey({
    key: publicKey.export({ format: 'der', type: 'spki' }),
    format: 'der',
    type: 'spki',
  })
  const msg = Buffer.alloc(200, 7)
  const sig = sign(null, msg, privateKey)
  const n = 5000
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) verify(null, msg, key, sig)
  return n / seconds(start)
}

interface Context {
  readonly algod: algosdk.Algodv2
  /** The devnet's process, whose CPU time is read around each timed batch. */
  readonly devnetPid: number
  readonly from: string
  readonly sign: (txn: algosdk.Transaction) => Uint8Array
}

const PROFILE_DIR = process.env.DEVNET_CPU_PROF

const CLI = fileURLToPath(new URL('../packages/devnet/src/cli.ts', import.meta.url))

/**
 * The devnet as users run it: its own process (`npm run devnet`'s CLI, free ports), so the load
 * generator in this process does not share its event loop.
 */
async function spawnDevnet(): Promise<{ child: ChildProcess; algodUrl: string; kmdUrl: string }> {
  const args = [
    // DEVNET_CPU_PROF=DIR writes a V8 CPU profile of the devnet process there (see the README).
    ...(PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`]),
    '--import',
    'tsx',
    CLI,
    '--algod-port',
    '0',
    '--indexer-port',
    '0',
    '--kmd-port',
    '0',
  ]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('Press Ctrl+C to stop.')) resolve()
    })
    child.once('exit', (code) => {
      reject(new Error(`devnet exited early (${code})`))
    })
  })
  const url = (name: string) => new RegExp(`${name}\\s+(http://\\S+)`).exec(out)?.[1] ?? ''
  return { child, algodUrl: url('algod'), kmdUrl: url('kmd') }
}

/** Wallet1's key, exported from kmd's default wallet the way AlgoKit's dispenser lookup does. */
async function dispenser(
  algod: algosdk.Algodv2,
  kmdUrl: string,
): Promise<{ address: string; key: Uint8Array }> {
  const info = JSON.parse(await algod.genesis().do()) as {
    alloc: { addr: string; comment: string }[]
  }
  const address = info.alloc.find((a) => a.comment === 'Wallet1')!.addr
  const u = new URL(kmdUrl)
  const kmd = new algosdk.Kmd('a'.repeat(64), `${u.protocol}//${u.hostname}`, Number(u.port))
  const { wallets } = (await kmd.listWallets()) as { wallets: { id: string; name: string }[] }
  const id = wallets.find((w) => w.name === 'unencrypted-default-wallet')!.id
  const handle = ((await kmd.initWalletHandle(id, '')) as { wallet_handle_token: string })
    .wallet_handle_token
  const key = (await kmd.exportKey(handle, '', address)).private_key
  await kmd.releaseWalletHandle(handle)
  return { address, key }
}

let noteCounter = 0
/** A distinct payment (unique note, so no two transaction ids collide). */
function payment(
  c: Context,
  params: algosdk.SuggestedParams,
  receiver: string,
  amount = 1000n,
): algosdk.Transaction {
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: c.from,
    receiver,
    amount,
    suggestedParams: params,
    note: new TextEncoder().encode(`bench ${noteCounter++}`),
  })
}

async function confirmed(c: Context, txid: string): Promise<void> {
  const info = await c.algod.pendingTransactionInformation(txid).do()
  if (!info.confirmedRound) throw new Error(`transaction ${txid} not confirmed`)
}

/** Linux's USER_HZ: the unit of the CPU times in /proc/PID/stat. */
const CLOCK_TICKS_PER_SECOND = 100

/**
 * CPU seconds (user + system, all threads) a process has used, from Linux's /proc/PID/stat;
 * undefined where there is no /proc.
 */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name in parentheses, from field 3 (state): utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

/** A phase's figures: transactions per second (wall clock), and devnet CPU per transaction. */
interface Rate {
  readonly perSecond: number
  readonly cpuSecondsEach: number | undefined
}

/**
 * Submits `total` bodies made by `make` through REST, 8 requests in flight, in batches small
 * enough that every transaction is still inside its 1000-round validity window (dev mode makes a
 * block per group). Only submission and confirmation are timed, not signing.
 */
async function submitTimed(
  c: Context,
  batches: number,
  make: (params: algosdk.SuggestedParams) => { bodies: Uint8Array[]; lastTxid: string },
  txnsPerBatch: number,
): Promise<Rate> {
  let wall = 0
  let cpu: number | undefined = 0
  for (let b = 0; b < batches; b++) {
    const { bodies, lastTxid } = make(await c.algod.getTransactionParams().do())
    const cpuStart = cpuSeconds(c.devnetPid)
    const start = process.hrtime.bigint()
    let next = 0
    const worker = async (): Promise<void> => {
      while (next < bodies.length) await c.algod.sendRawTransaction(bodies[next++]).do()
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    await confirmed(c, lastTxid)
    wall += seconds(start)
    const cpuEnd = cpuSeconds(c.devnetPid)
    cpu =
      cpu === undefined || cpuStart === undefined || cpuEnd === undefined
        ? undefined
        : cpu + cpuEnd - cpuStart
  }
  const total = batches * txnsPerBatch
  return { perSecond: total / wall, cpuSecondsEach: cpu === undefined ? undefined : cpu / total }
}

async function singlePayments(c: Context, batches: number, perBatch = 500): Promise<Rate> {
  return submitTimed(
    c,
    batches,
    (params) => {
      const txns = Array.from({ length: perBatch }, () => payment(c, params, c.from))
      return { bodies: txns.map(c.sign), lastTxid: txns.at(-1)!.txID() }
    },
    perBatch,
  )
}

async function groupedPayments(c: Context, batches: number, groupsPerBatch = 200): Promise<Rate> {
  return submitTimed(
    c,
    batches,
    (params) => {
      const bodies: Uint8Array[] = []
      let lastTxid = ''
      for (let g = 0; g < groupsPerBatch; g++) {
        const txns = algosdk.assignGroupID(
          Array.from({ length: 16 }, () => payment(c, params, c.from)),
        )
        bodies.push(Buffer.concat(txns.map(c.sign)))
        lastTxid = txns[15].txID()
      }
      return { bodies, lastTxid }
    },
    groupsPerBatch * 16,
  )
}

async function appCalls(c: Context, batches: number, perBatch = 500): Promise<Rate> {
  const compile = async (src: string) =>
    new Uint8Array(Buffer.from((await c.algod.compile(src).do()).result, 'base64'))
  const counter = 'byte "n"\ndup\napp_global_get\nint 1\n+\napp_global_put\nint 1'
  const create = algosdk.makeApplicationCreateTxnFromObject({
    sender: c.from,
    suggestedParams: await c.algod.getTransactionParams().do(),
    onComplete: algosdk.OnApplicationComplete.NoOpOC,
    approvalProgram: await compile(`#pragma version 10\n${counter}`),
    clearProgram: await compile('#pragma version 10\nint 1'),
    numGlobalInts: 1,
    numGlobalByteSlices: 0,
    numLocalInts: 0,
    numLocalByteSlices: 0,
  })
  await c.algod.sendRawTransaction(c.sign(create)).do()
  const appId = (await c.algod.pendingTransactionInformation(create.txID()).do()).applicationIndex!
  return submitTimed(
    c,
    batches,
    (params) => {
      const calls = Array.from({ length: perBatch }, () =>
        algosdk.makeApplicationNoOpTxnFromObject({
          sender: c.from,
          appIndex: appId,
          suggestedParams: params,
          note: new TextEncoder().encode(`call ${noteCounter++}`),
        }),
      )
      return { bodies: calls.map(c.sign), lastTxid: calls.at(-1)!.txID() }
    },
    perBatch,
  )
}

function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

/** Heap bytes per account after funding `n` fresh accounts (blocks of their funding included). */
async function memoryPerAccount(devnet: Devnet, n: number): Promise<number> {
  const wallet1 = genesisAccount(devnet, 'Wallet1')
  const c: Context = {
    algod: algodOf(devnet),
    devnetPid: process.pid,
    from: wallet1.address,
    sign: keySigner(wallet1),
  }
  // Any 32 bytes are an address; random ones avoid generating 100,000 key pairs.
  const addresses = Array.from({ length: n }, () => new algosdk.Address(randomBytes(32)).toString())
  collectGarbage()
  const before = process.memoryUsage().heapUsed
  let params = await c.algod.getTransactionParams().do()
  for (let i = 0; i < n; i += 16) {
    // Keep every group inside its validity window: one block per group in dev mode.
    if (i % (16 * 500) === 0) params = await c.algod.getTransactionParams().do()
    const txns = algosdk.assignGroupID(
      addresses.slice(i, i + 16).map((a) => payment(c, params, a, 100_000n)),
    )
    const r = devnet.chain.submit(txns.map((t) => algosdk.decodeSignedTransaction(c.sign(t))))
    if (!r.ok) throw new Error(r.rejection.message)
  }
  collectGarbage()
  return (process.memoryUsage().heapUsed - before) / n
}

/** Untimed batches before each timed phase, the same for every phase (see the README). */
const WARM_UP_BATCHES = 4

export async function main(): Promise<void> {
  const baseline = ed25519Baseline()
  console.log(`devnet benchmark (node ${process.version})`)
  console.log(`  baseline  ${formatRate(baseline)} raw ed25519 verifications (node:crypto)`)
  const pct = (rate: number) => `${((rate / baseline) * 100).toFixed(0)}% of baseline`
  // The machine may be shared: the devnet's own CPU time per transaction says what one core of
  // it sustains whatever else runs (it counts the signature pool's threads too).
  const report = (label: string, r: Rate, target: string) => {
    const cpu =
      r.cpuSecondsEach === undefined
        ? ''
        : `; devnet CPU ${(r.cpuSecondsEach * 1e6).toFixed(0)} µs each = ${formatRate(1 / r.cpuSecondsEach)} per core`
    console.log(`  ${label}  ${formatRate(r.perSecond)}  (${pct(r.perSecond)}${target}${cpu})`)
  }

  const { child, algodUrl, kmdUrl } = await spawnDevnet()
  const http = new KeepAliveHttpClient(algodUrl, { 'X-Algo-API-Token': 'a'.repeat(64) })
  try {
    const algod = new algosdk.Algodv2(http, '')
    const { address, key } = await dispenser(algod, kmdUrl)
    const sign = keySigner({ address, sk: key })
    const c: Context = { algod, devnetPid: child.pid!, from: address, sign }
    // Each phase first runs the same number of untimed batches of its own work, so that what is
    // timed is the devnet's steady state rather than V8 compiling its hot paths.
    await singlePayments(c, WARM_UP_BATCHES)
    report('payments, single   ', await singlePayments(c, 6), '; target 1.5 k/s')
    await groupedPayments(c, WARM_UP_BATCHES)
    report('payments, 16-groups', await groupedPayments(c, 3), '; target 5 k/s')
    await appCalls(c, WARM_UP_BATCHES)
    report('app calls, single  ', await appCalls(c, 4), '')
  } finally {
    http.close()
    child.kill('SIGTERM')
  }

  const kit = await DevnetKit.start()
  try {
    const bytes = await memoryPerAccount(kit.devnet, 100_000)
    const kb = (bytes / 1024).toFixed(2)
    console.log(
      `  memory per account at 100,000 accounts: ${kb} KB (incl. their funding blocks; target < 2 KB)`,
    )
  } finally {
    await kit.stop()
  }
}
