/**
 * The chain as the tests check it: balances read with algosdk from the devnet's algod
 * (@unica/devnet/testing), beside what the UI shows. Amounts are bigint base units.
 */
import type { Devnet } from '@unica/devnet'
import { DevnetKit, genesisAccount, type Holdings } from '@unica/devnet/testing'

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
