/**
 * The chain as the tests check it: balances read with algosdk from the devnet's algod
 * (@unica/devnet/testing), beside what the UI shows. Amounts are bigint base units.
 */
import type { Devnet } from '@unica/devnet'
import { ALGO, DevnetKit, genesisAccount, type Holdings } from '@unica/devnet/testing'

import { algodOf } from '@unica/devnet/testing'

export { algodOf, USDC } from '@unica/devnet/testing'

export type Balances = Holdings

/** An account's asset amount, 0 when it does not hold (or is not opted in to) the asset. */
export function assetBalance(devnet: Devnet, address: string, assetId: bigint): Promise<bigint> {
  return DevnetKit.of(devnet).assetBalance(address, assetId)
}

export function balances(devnet: Devnet, address: string): Promise<Balances> {
  return DevnetKit.of(devnet).holdings(address)
}

/** The address of a genesis account by name ('Wallet2' is the first test account). */
export function accountNamed(devnet: Devnet, name: string): string {
  return genesisAccount(devnet, name).address
}

/**
 * Moves the chain's clock `seconds` ahead: the devnet's dev-mode timestamp offset (seconds added
 * to every later block's time, as go-algorand's) grows by it, then one block is made (a payment
 * from the dispenser), since an app reads the previous block's time (`global LatestTimestamp`).
 */
export async function advanceChainTime(devnet: Devnet, seconds: number): Promise<void> {
  const url = `${devnet.urls.algod}/v2/devmode/blocks/offset`
  const headers = { 'X-Algo-API-Token': devnet.token }
  // 404 until an offset was first set: the real clock, offset 0.
  const now = await fetch(url, { headers })
  if (!now.ok && now.status !== 404) throw new Error(`GET offset: ${now.status}`)
  const offset = now.ok ? ((await now.json()) as { offset: number }).offset : 0
  const next = offset + Math.ceil(seconds)
  const res = await fetch(`${url}/${next}`, { method: 'POST', headers })
  if (!res.ok) throw new Error(`offset ${next}: ${res.status} ${await res.text()}`)
  await DevnetKit.of(devnet).fund(genesisAccount(devnet, 'Wallet1').address, ALGO / 1000n)
}

/** The chain's latest block time (unix seconds). */
export async function chainNow(devnet: Devnet): Promise<number> {
  const algod = algodOf(devnet)
  const status = await algod.status().do()
  const block = await algod.block(status.lastRound).do()
  return Number(block.block.header.timestamp)
}
