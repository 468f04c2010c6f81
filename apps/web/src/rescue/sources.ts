/**
 * Where the rescue page reads the chain: algod and the indexer, never our API (docs/product.md:
 * funds never depend on our server). The app remembers the last configuration the server gave it,
 * so /rescue opened while the server is down still knows the network; else the build's VITE_*
 * values, else AlgoKit LocalNet's defaults. The user can change the URLs on the page.
 */
import { isDevNetwork, type AppConfig } from '../common/lib/config.js'
import { STORAGE_KEYS } from '../common/state/store.js'

const KEY = 'unica.rescue.config'

/** Called whenever the server's configuration loads: the rescue's fallback when it cannot. */
export function rememberConfig(config: AppConfig): void {
  try {
    localStorage.setItem(
      KEY,
      JSON.stringify({ ...config, usdcId: config.usdcId.toString() }, null, 0),
    )
  } catch {
    // Storage full or disabled: the page falls back to the build's defaults.
  }
}

const env = (name: string): string | undefined =>
  (import.meta.env[name] as string | undefined) || undefined

function fromEnv(): AppConfig {
  const network = env('VITE_NETWORK') ?? 'localnet'
  const dev = isDevNetwork(network)
  return {
    network,
    genesisId: env('VITE_GENESIS_ID') ?? '',
    algodUrl: env('VITE_ALGOD_URL') ?? 'http://localhost:4001',
    algodToken: dev ? 'a'.repeat(64) : '',
    indexerUrl: env('VITE_INDEXER_URL') ?? 'http://localhost:8980',
    kmdUrl: dev ? (env('VITE_KMD_URL') ?? 'http://localhost:4002') : null,
    usdcId: 0n,
    usdcDecimals: 6,
    explorerUrl: env('VITE_EXPLORER_URL') ?? '',
  }
}

/** The remembered configuration, else the build's. */
export function rescueConfig(): AppConfig {
  try {
    const raw = localStorage.getItem(KEY)
    if (raw !== null) {
      const c = JSON.parse(raw) as AppConfig & { usdcId: string }
      if (typeof c.algodUrl === 'string' && typeof c.network === 'string') {
        return { ...c, usdcId: BigInt(c.usdcId) }
      }
    }
  } catch {
    // A damaged entry: use the build's defaults.
  }
  return fromEnv()
}

/** The wallet and account the app last had connected in this browser (common/state/store.ts keeps them). */
export interface RememberedWallet {
  readonly walletName: string
  readonly address: string | null
}

export function rememberedWallet(): RememberedWallet | null {
  try {
    const walletName = localStorage.getItem(STORAGE_KEYS.walletName)
    if (walletName === null) return null
    return { walletName, address: localStorage.getItem(STORAGE_KEYS.account) }
  } catch {
    return null
  }
}
