/**
 * Runtime configuration: the server's GET /api/config/ answer, with build-time env overrides
 * (VITE_*) for a web app served apart from the API. Nothing here is hard-coded per network.
 */
import { createApiClient, isDevNetwork, LOCALNET_KMD_URL, PublicConfig } from '@unica/schemas'
import { safeHref } from './links.js'

export interface AppConfig {
  /** 'devnet', 'localnet', 'testnet' or 'mainnet'. */
  readonly network: string
  readonly genesisId: string
  readonly algodUrl: string
  readonly algodToken: string
  readonly indexerUrl: string
  /** KMD, offered as a wallet on development networks only. */
  readonly kmdUrl: string | null
  readonly usdcId: bigint
  readonly usdcDecimals: number
  /** Explorer base; links are {explorerUrl}/tx/{id} and /address/{address}. */
  readonly explorerUrl: string
}

/** The LocalNet / devnet API token convention. */
const DEV_TOKEN = 'a'.repeat(64)

export { isDevNetwork }

function parseConfig(data: unknown): AppConfig {
  // The server's own answer schema: the two cannot drift apart.
  const c = PublicConfig.parse(data)
  const dev = isDevNetwork(c.network)
  return {
    network: c.network,
    genesisId: c.genesis_id,
    algodUrl: c.algod_url.replace(/\/$/, ''),
    // The API never sends a token: dev networks use the LocalNet convention, public nodes none.
    algodToken: dev ? DEV_TOKEN : '',
    indexerUrl: c.indexer_url.replace(/\/$/, ''),
    kmdUrl: c.kmd_url ?? (dev ? LOCALNET_KMD_URL : null),
    usdcId: BigInt(c.usdc_id),
    usdcDecimals: c.usdc_decimals,
    explorerUrl: c.explorer_url.replace(/\/$/, ''),
  }
}

/** The API base: same origin by default, VITE_API_BASE when the app is served elsewhere. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? ''

export async function loadConfig(fetchImpl?: typeof fetch): Promise<AppConfig> {
  return parseConfig(await createApiClient({ baseUrl: API_BASE, fetch: fetchImpl }).getConfig())
}

/** The explorer's page of a transaction; undefined when the explorer is not an http(s) URL. */
export function explorerTxUrl(config: AppConfig, txId: string): string | undefined {
  return safeHref(`${config.explorerUrl}/tx/${encodeURIComponent(txId)}`)
}

/** The explorer's page of an address; undefined when the explorer is not an http(s) URL. */
export function explorerAddressUrl(config: AppConfig, address: string): string | undefined {
  return safeHref(`${config.explorerUrl}/address/${encodeURIComponent(address)}`)
}
