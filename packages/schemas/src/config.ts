/** GET /api/token/, GET /api/health/ and GET /api/config/ (the web app's runtime configuration). */
import { z } from 'zod'
import { Uint64String } from './common.js'

export const TokenAnswer = z.object({ token: z.string().min(1) })

export const HealthAnswer = z.object({ status: z.literal('ok') })

export const NETWORKS = ['devnet', 'localnet', 'testnet', 'mainnet'] as const
export const Network = z.enum(NETWORKS)
export type Network = z.infer<typeof Network>

/** Development networks: the embedded devnet and AlgoKit LocalNet (KMD offered, no mobile wallets). */
export function isDevNetwork(network: string): boolean {
  return network === 'devnet' || network === 'localnet'
}

/** Where KMD answers on a development network that does not name it (LocalNet's convention). */
export const LOCALNET_KMD_URL = 'http://localhost:4002'

export const PublicConfig = z.object({
  network: Network,
  genesis_id: z.string(),
  algod_url: z.string(),
  indexer_url: z.string(),
  usdc_id: Uint64String,
  usdc_decimals: z.number().int(),
  explorer_url: z.string(),
  /** KMD's URL on development networks whose KMD is not at the LocalNet default. */
  kmd_url: z.string().optional(),
})
export type PublicConfig = z.infer<typeof PublicConfig>
