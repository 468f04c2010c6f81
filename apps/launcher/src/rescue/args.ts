/**
 * `npm run rescue` arguments: pure parsing, so a usage error (exit 2) is told apart from a
 * failure on the chain (exit 1). Defaults are AlgoKit LocalNet's (the devnet's CLI uses them too).
 */
import { parseArgs } from 'node:util'
import algosdk from 'algosdk'

export const USAGE = `usage: npm run rescue -- --account ADDR [--app ID ...] [--cancel-bids] [--delist] [--claim] [--withdraw]
                      [--algod URL] [--indexer URL|none] [--kmd URL] [--token TOKEN]
Finds every Unica manager (v1, v2, v3) where ADDR has a bid, a listing or an auction without a
bid, royalties held, or a refund or proceeds held, with only algod and the indexer (never the Unica
server). With --cancel-bids, --delist (listings and auctions without a bid), --claim or --withdraw
it frees them, signing through KMD: on development networks only (devnet, LocalNet).
Defaults: algod http://localhost:4001, indexer http://localhost:8980, kmd http://localhost:4002,
token ${'a'.repeat(8)}... (LocalNet's). Exit codes: 0 ok, 1 error, 2 usage.`

export interface RescueArgs {
  readonly account: string
  readonly appIds: readonly bigint[]
  /** Which kinds of rescue to act on (`--delist` covers listings and auctions without a bid). */
  readonly actions: {
    readonly bid: boolean
    readonly listing: boolean
    readonly royalty: boolean
    readonly auction: boolean
    readonly held: boolean
  }
  readonly algodUrl: string
  /** null: no indexer (the search is then limited to opted-in apps and --app). */
  readonly indexerUrl: string | null
  readonly kmdUrl: string
  readonly token: string
}

export class UsageError extends Error {
  override readonly name = 'UsageError'
}

function url(name: string, value: string): string {
  try {
    const u = new URL(value)
    if (u.protocol === 'http:' || u.protocol === 'https:') return value.replace(/\/$/, '')
  } catch {
    // fall through to the usage error
  }
  throw new UsageError(`--${name} must be an http(s) URL, not ${JSON.stringify(value)}`)
}

export function parseRescueArgs(argv: readonly string[]): RescueArgs {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        account: { type: 'string' },
        app: { type: 'string', multiple: true },
        'cancel-bids': { type: 'boolean' },
        delist: { type: 'boolean' },
        claim: { type: 'boolean' },
        withdraw: { type: 'boolean' },
        algod: { type: 'string' },
        indexer: { type: 'string' },
        kmd: { type: 'string' },
        token: { type: 'string' },
      },
    }))
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e))
  }
  const account = values.account
  if (account === undefined) throw new UsageError('--account is required')
  if (!algosdk.isValidAddress(account)) {
    throw new UsageError(`--account is not an Algorand address: ${account}`)
  }
  const appIds = (values.app ?? []).map((id) => {
    if (!/^[1-9][0-9]{0,19}$/.test(id) || BigInt(id) >= 2n ** 64n) {
      throw new UsageError(`--app must be an application id (a positive integer), not ${id}`)
    }
    return BigInt(id)
  })
  const indexer = values.indexer ?? 'http://localhost:8980'
  return {
    account,
    appIds,
    actions: {
      bid: values['cancel-bids'] ?? false,
      listing: values.delist ?? false,
      royalty: values.claim ?? false,
      auction: values.delist ?? false,
      held: values.withdraw ?? false,
    },
    algodUrl: url('algod', values.algod ?? 'http://localhost:4001'),
    indexerUrl: indexer === 'none' ? null : url('indexer', indexer),
    kmdUrl: url('kmd', values.kmd ?? 'http://localhost:4002'),
    token: values.token ?? 'a'.repeat(64),
  }
}

/**
 * Genesis ids of development networks, where KMD holds throwaway keys: the embedded devnet
 * (devnet-v1, also Algorand's public DevNet, whose Algos are free) and AlgoKit LocalNet / sandbox.
 */
const DEV_GENESIS_IDS = ['devnet-v1', 'dockernet-v1', 'sandnet-v1']

export function signingAllowed(genesisId: string): boolean {
  return DEV_GENESIS_IDS.includes(genesisId)
}
