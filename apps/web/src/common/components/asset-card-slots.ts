/**
 * What features add to every asset card: the watchlist's heart (personal) and an auction's
 * countdown (auction). Shared components import no feature (apps/web/README.md "Rooms"), so the
 * composition root (app.tsx) fills these slots once for the whole app; a card without them (a
 * component test rendering one alone) simply shows neither.
 */
import type { Asset, Auction } from '@unica/schemas'
import { createContext, useContext, type ReactNode } from 'react'

export interface AssetCardSlots {
  /** Beside the piece's name: the watchlist's heart. */
  readonly watch?: (asset: Pick<Asset, 'guid' | 'name'>) => ReactNode
  /** Under the name, when the piece is at auction: its countdown. */
  readonly auctionClock?: (auction: Auction) => ReactNode
}

export const AssetCardSlotsContext = createContext<AssetCardSlots>({})

export function useAssetCardSlots(): AssetCardSlots {
  return useContext(AssetCardSlotsContext)
}
