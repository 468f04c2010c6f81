/**
 * Where the funds are, read from the chain: the USDC of each party and which single account holds
 * the NFT's one unit (a wallet, or the contract's escrow = the application's own account).
 */
import algosdk from 'algosdk'
import { expect } from '@playwright/test'
import type { Devnet } from '@unica/devnet'
import { createApiClient, type Operation } from '@unica/schemas'
import { algodOf, assetBalance } from './chain.js'

export interface Market {
  readonly assetId: bigint
  readonly appId: bigint
  readonly escrow: string
}

/** The NFT's ids, as the public API reports them. */
export async function marketOf(baseUrl: string, guid: string): Promise<Market> {
  const asset = await createApiClient({ baseUrl }).getAsset({ params: { guid } })
  expect(asset.application_id).not.toBeNull()
  const appId = BigInt(asset.application_id!)
  return {
    assetId: BigInt(asset.asset_id),
    appId,
    escrow: algosdk.getApplicationAddress(appId).toString(),
  }
}

export async function usdcOf(devnet: Devnet, address: string): Promise<bigint> {
  return assetBalance(devnet, address, devnet.info.usdcAssetId)
}

/** Expects the NFT's single unit to be held by `holder` and by none of the other `parties`. */
export async function expectNftAt(
  devnet: Devnet,
  market: Market,
  holder: string,
  parties: readonly string[],
): Promise<void> {
  expect(await assetBalance(devnet, holder, market.assetId)).toBe(1n)
  for (const p of parties.filter((x) => x !== holder)) {
    expect(await assetBalance(devnet, p, market.assetId)).toBe(0n)
  }
  const info = await algodOf(devnet).getAssetByID(market.assetId).do()
  expect(info.params?.total).toBe(1n)
}

/** The NFT's history as the public API reports it (its operations, newest first). */
export async function operationsOf(baseUrl: string, guid: string): Promise<readonly Operation[]> {
  const page = await createApiClient({ baseUrl }).listOperations({
    query: { asset__guid: guid, limit: 100 },
  })
  return page.results
}
