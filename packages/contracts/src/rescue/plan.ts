/**
 * The groups that get an account's funds or NFT back out of a manager, built with the builders of
 * the app's version: cancel a bid (after opting in again when the bidder cleared its local state:
 * opting in restores local B from the bid box), cancel an ask (the NFT comes back), claim held
 * royalties (v2), cancel an auction before its first bid or withdraw a held amount (v3); each preceded by the asset opt-in the payout needs when the account has none (a
 * recipient who opted out of USDC). Send them in order, each after the previous one's block.
 */
import { buildAppOptIn, buildAssetOptIn } from '../builders/opt-in.js'
import type { ChainParams, UnsignedGroup } from '../builders/group.js'
import { buildCancelAuction, buildWithdrawHeld } from '../builders/auction.js'
import { buildBid, buildCancelAsk, buildClaim } from '../builders/trade.js'
import type { RescueItem } from './find.js'

export const RESCUE_ACTIONS = {
  bid: 'Cancel bid',
  listing: 'Delist',
  royalty: 'Claim royalty',
  auction: 'Cancel auction',
  held: 'Withdraw',
} as const

export function planRescue(
  item: RescueItem,
  account: string,
  params: ChainParams,
): UnsignedGroup[] {
  const { market } = item
  const assetId = item.kind === 'listing' || item.kind === 'auction' ? market.nftId : market.usdcId
  const receive = item.canReceive ? [] : [buildAssetOptIn({ account, assetId, params })]
  return [...receive, ...rescueCalls(item, account, params)]
}

function rescueCalls(item: RescueItem, account: string, params: ChainParams): UnsignedGroup[] {
  const { market } = item
  switch (item.kind) {
    case 'bid':
      return [
        ...(item.optedIn === false
          ? [buildAppOptIn({ account, appId: market.appId, params })]
          : []),
        buildBid({ bidder: account, market, currentBid: item.amount, newBid: 0n, params }),
      ]
    case 'listing':
      return [buildCancelAsk({ seller: account, market, params })]
    case 'royalty':
      return [buildClaim({ recipient: account, market, amount: item.amount, params })]
    case 'auction':
      return [buildCancelAuction({ seller: account, market, params })]
    case 'held':
      return [buildWithdrawHeld({ account, market, amount: item.amount, params })]
  }
}
