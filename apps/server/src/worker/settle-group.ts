/**
 * The settle call of an ended auction (manager v3's AZ), as the contracts package builds it for
 * the chain as it is now: whether the winner can take the NFT (opted in, not frozen), whether the
 * seller can take USDC (else the proceeds are held for them), whether the winner's account exists
 * to take back its deposit. If that changes before the call lands, the call fails and the settler
 * builds it again (auctions.ts: after a minute).
 */
import type algosdk from 'algosdk'
import { buildSettleAuction, type Market } from '@unica/contracts'
import { canReceiveAsset } from '@unica/contracts/flows'
import type { EndedAuction } from '../db/repositories/auctions.js'
import type { SettleBuilder } from './auction-settler.js'

/** The market of an ended auction, with the royalty split its app holds. */
function auctionMarket(a: EndedAuction, usdcId: bigint): Market {
  return {
    appId: a.applicationId,
    nftId: a.assetId,
    usdcId,
    version: 3,
    royalty: {
      creator: a.creator,
      recipients: (a.royalty ?? []).map((r) => ({ address: r.address, share: BigInt(r.share) })),
    },
  }
}

export function settleBuilder(algod: algosdk.Algodv2, usdcId: bigint): SettleBuilder {
  return async (auction, operator, params) => {
    const [winnerCanReceiveNft, sellerCanReceiveUsdc, winner] = await Promise.all([
      canReceiveAsset(algod, auction.winner, auction.assetId),
      canReceiveAsset(algod, auction.seller, usdcId),
      algod.accountInformation(auction.winner).do(),
    ])
    const built = buildSettleAuction({
      market: auctionMarket(auction, usdcId),
      params,
      sender: operator,
      winner: auction.winner,
      seller: auction.seller,
      amount: auction.highestBid,
      winnerCanReceiveNft,
      sellerCanReceiveUsdc,
      winnerExists: winner.amount > 0n,
    })
    return built.txns
  }
}
