/**
 * What the auction's groups depend on besides the contract's state (auction/plan.ts): whether the
 * highest bidder and the seller can receive what the app pushes to them now (the app holds what
 * they cannot, and the fee counts only the inner transactions it really sends), and what it holds
 * for the viewer. Read from algod just before the dialog shows its fee.
 */
import type { ManagerState } from '@unica/contracts'
import type { ChainSession } from '../common/chain/session.js'
import type { AuctionFacts } from './plan.js'

type Reader = Pick<ChainSession, 'canReceiveAsset' | 'accountExists' | 'readHeld'>

export async function readAuctionFacts(
  chain: Reader,
  state: ManagerState,
  ids: { readonly appId: bigint; readonly usdcId: bigint; readonly nftId: bigint },
  viewer: string,
): Promise<AuctionFacts> {
  const bidder = state.auction?.highestBidder ?? null
  const seller = state.owner
  const [previousCanReceiveUsdc, winnerCanReceiveNft, winnerExists, sellerCanReceiveUsdc, held] =
    await Promise.all([
      bidder === null ? false : chain.canReceiveAsset(bidder, ids.usdcId),
      bidder === null ? false : chain.canReceiveAsset(bidder, ids.nftId),
      bidder === null ? false : chain.accountExists(bidder),
      seller === null ? false : chain.canReceiveAsset(seller, ids.usdcId),
      chain.readHeld(ids.appId, viewer),
    ])
  return { previousCanReceiveUsdc, winnerCanReceiveNft, winnerExists, sellerCanReceiveUsdc, held }
}
