/**
 * `npm run rescue -- --account ADDR [...]` (args.ts): the operators' rescue. Lists what the account
 * has in Unica managers using only algod and the indexer (@unica/contracts' rescue), and with
 * action flags frees it, signing through KMD on development networks and refusing any other.
 */
import algosdk from 'algosdk'
import { findRescues, planRescue, type RescueItem, type RescueScan } from '@unica/contracts'
import { algosdkReader, sendSigned } from '@unica/contracts/flows'
import { KmdSigner } from '../seed/kmd.js'
import { parseRescueArgs, signingAllowed, USAGE, UsageError, type RescueArgs } from './args.js'

const say = (line = ''): void => {
  process.stdout.write(`${line}\n`)
}

function client<T>(
  make: (token: string, server: string, port: string) => T,
  u: string,
  token: string,
): T {
  const parsed = new URL(u)
  const port = parsed.port
  parsed.port = ''
  return make(token, parsed.toString().replace(/\/$/, ''), port)
}

/** USDC has 6 decimals on every Algorand network. */
export function usdc(amount: bigint): string {
  const whole = amount / 1_000_000n
  const fraction = (amount % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')
  return `${whole}${fraction === '' ? '' : `.${fraction}`} USDC`
}

const WHAT = {
  bid: 'bid',
  listing: 'listed at',
  royalty: 'royalty held',
  auction: 'at auction without a bid, reserve',
  held: 'held for you',
} as const

function describe(item: RescueItem): string {
  const { market } = item
  const notes = [
    item.optedIn === false ? 'local state cleared: opts in again first' : '',
    item.canReceive
      ? ''
      : `not opted in to ${item.kind === 'listing' || item.kind === 'auction' ? 'the NFT' : 'USDC'}: opts in first`,
    `found by ${item.foundBy}`,
  ].filter((n) => n !== '')
  return `app ${market.appId} (v${market.version}), NFT ${market.nftId}: ${WHAT[item.kind]} ${usdc(item.amount)} (${notes.join('; ')})`
}

function report(scan: RescueScan, args: RescueArgs): void {
  const indexer = scan.sources.indexer
  say(`Account ${scan.account}`)
  say(
    `Sources: algod ${args.algodUrl} (used); indexer ${args.indexerUrl ?? '-'} (${typeof indexer === 'string' ? indexer : `failed: ${indexer.failed}`})`,
  )
  say(`Unica managers checked: ${scan.managers.length}`)
  say(scan.items.length === 0 ? 'Nothing found.' : `Found ${scan.items.length}:`)
  for (const item of scan.items) say(`  ${describe(item)}`)
  for (const line of scan.unchecked) say(`Could not check: ${line}`)
}

async function main(): Promise<number> {
  let args: RescueArgs
  try {
    args = parseRescueArgs(process.argv.slice(2))
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    process.stderr.write(`rescue: ${e.message}\n${USAGE}\n`)
    return 2
  }
  const algod = client((t, s, p) => new algosdk.Algodv2(t, s, p), args.algodUrl, args.token)
  const indexer =
    args.indexerUrl === null
      ? undefined
      : client((t, s, p) => new algosdk.Indexer(t, s, p), args.indexerUrl, args.token)
  let scan: RescueScan
  try {
    scan = await findRescues(algosdkReader(algod, indexer), args.account, args.appIds)
  } catch (e) {
    throw new Error(`algod at ${args.algodUrl}: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    })
  }
  report(scan, args)

  const chosen = scan.items.filter((i) => args.actions[i.kind])
  if (!Object.values(args.actions).some(Boolean)) return 0
  if (chosen.length === 0) {
    say('Nothing to do for the actions asked.')
    return 0
  }
  const network = (await algod.versionsCheck().do()).genesisId
  if (!signingAllowed(network)) {
    process.stderr.write(
      `rescue: refusing to sign on ${network || 'an unknown network'}: KMD signing is for development ` +
        'networks only (devnet, LocalNet). Use the /rescue page with your wallet instead.\n',
    )
    return 1
  }
  const kmd = await KmdSigner.connect(args.kmdUrl, args.token)
  for (const item of chosen) {
    const groups = planRescue(item, args.account, await algod.getTransactionParams().do())
    let last = { txId: '', round: 0n }
    for (const g of groups) last = await sendSigned(algod, await kmd.signGroup(g))
    say(`Done: app ${item.market.appId} ${item.kind}: tx ${last.txId} in round ${last.round}`)
  }
  return 0
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`rescue: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  },
)
