/**
 * The settle call of an ended auction (manager v3's AZ), as the contracts package builds it for
 * the chain as it is now: whether the winner can take the NFT (opted in, not frozen), whether the
 * seller can take USDC (else the proceeds are held for them), whether the winner's account exists
 * to take back its deposit. If that changes before the call lands, the call fails and the settler
 * builds it again (auctions.ts: after a minute).
 */
import algosdk from 'algosdk'
import { buildSettleAuction, type Market } from '@unica/contracts'
import type { EndedAuction } from '../db/repositories/auctions.js'
import { algodFailure } from './algod-errors.js'
import type { SettleBuilder } from './auction-settler.js'

/** Whether `account` holds an unfrozen opt-in to `assetId` (algod answers 404 when it has none). */
async function canReceive(
  algod: algosdk.Algodv2,
  account: string,
  assetId: bigint,
): Promise<boolean> {
  try {
    const info = await algod.accountAssetInformation(account, assetId).do()
    return info.assetHolding !== undefined && !info.assetHolding.isFrozen
  } catch (e) {
    if (algodFailure(e).status === 404) return false
    throw e
  }
}

/** The market of an ended auction, with the royalty split its app holds. */
export function auctionMarket(a: EndedAuction, usdcId: bigint): Market {
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
      canReceive(algod, auction.winner, auction.assetId),
      canReceive(algod, auction.seller, usdcId),
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
