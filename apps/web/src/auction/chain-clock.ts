/**
 * The chain's clock, for the auction countdowns (docs/product.md §2, "Auctions"). An auction ends
 * by the chain's time (the contract reads the latest block's timestamp), not the viewer's: a
 * device whose clock is off, or a chain whose clock differs from the wall (a devnet moved ahead),
 * would show a wrong countdown. So the countdown runs on the viewer's clock shifted by how far the
 * chain is from it, read from algod: the latest block's timestamp plus the time since that block
 * (`/v2/status`'s time-since-last-round), against the viewer's clock when algod answered.
 * Plain fetches of two small JSON answers, so a list of cards does not load algosdk for its clocks.
 */
import { useQuery } from '@tanstack/react-query'
import type { AppConfig } from '../common/lib/config.js'
import { useServices } from '../common/state/services.js'

/** The chain's time now, in ms since the epoch, as algod says it. */
export async function readChainTime(
  config: Pick<AppConfig, 'algodUrl' | 'algodToken'>,
  fetchImpl: typeof fetch = fetch,
): Promise<{ readonly chainMs: number; readonly wallMs: number }> {
  const headers: Record<string, string> =
    config.algodToken === '' ? {} : { 'X-Algo-API-Token': config.algodToken }
  const get = async (path: string): Promise<unknown> => {
    const res = await fetchImpl(`${config.algodUrl}${path}`, { headers })
    if (!res.ok) throw new Error(`algod ${path}: ${res.status}`)
    return res.json()
  }
  const status = (await get('/v2/status')) as {
    'last-round': number
    'time-since-last-round': number
  }
  const wallMs = Date.now()
  const round = status['last-round']
  const block = (await get(`/v2/blocks/${round}?header-only=true&format=json`)) as {
    block: { ts?: number }
  }
  // A block without `ts` is at time 0 (algod omits zero fields).
  const chainMs = (block.block.ts ?? 0) * 1000 + status['time-since-last-round'] / 1e6
  return { chainMs, wallMs }
}

/** How often the offset is read again: a devnet's clock can jump; a real chain's does not drift. */
const REREAD_MS = 30_000

/**
 * The chain's clock minus the viewer's, in ms; 0 (the viewer's clock, the best there is) until
 * algod answered, or when it cannot.
 */
export function useChainOffset(): number {
  const { config } = useServices()
  const offset = useQuery({
    queryKey: ['chain-clock', config.algodUrl],
    queryFn: async () => {
      const { chainMs, wallMs } = await readChainTime(config)
      return chainMs - wallMs
    },
    staleTime: REREAD_MS,
    refetchInterval: REREAD_MS,
    retry: false,
  })
  return offset.data ?? 0
}
