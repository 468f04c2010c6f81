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
 * Moves the chain's clock `seconds` ahead and holds it there. Dev mode's offset makes each new
 * block that many seconds after the one before (go-algorand's writeDevmodeBlock): one block (a
 * payment from the dispenser) at `seconds`, then offset 0, so later blocks keep that time. An app
 * reads the previous block's time (`global LatestTimestamp`), which the tick block now is.
 */
export async function advanceChainTime(devnet: Devnet, seconds: number): Promise<void> {
  const set = async (offset: number) => {
    const url = `${devnet.urls.algod}/v2/devmode/blocks/offset/${offset}`
    const res = await fetch(url, { method: 'POST', headers: { 'X-Algo-API-Token': devnet.token } })
    if (!res.ok) throw new Error(`offset ${offset}: ${res.status} ${await res.text()}`)
  }
  await set(Math.ceil(seconds))
  await DevnetKit.of(devnet).fund(genesisAccount(devnet, 'Wallet1').address, ALGO / 1000n)
  await set(0)
}

/** The chain's latest block time (unix seconds). */
export async function chainNow(devnet: Devnet): Promise<number> {
  const algod = algodOf(devnet)
  const status = await algod.status().do()
  const block = await algod.block(status.lastRound).do()
  return Number(block.block.header.timestamp)
}
