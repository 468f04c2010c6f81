/**
 * The chain as the tests check it: balances read with algosdk from the devnet's algod, beside
 * what the UI shows. Amounts are bigint base units.
 */
import algosdk from 'algosdk'
import type { Devnet } from '@unica/devnet'

export interface Balances {
  readonly algos: bigint
  readonly usdc: bigint
}

export function algodOf(devnet: Devnet): algosdk.Algodv2 {
  return new algosdk.Algodv2(devnet.token, 'http://127.0.0.1', devnet.ports.algod)
}

/** An account's asset amount, 0 when it does not hold (or is not opted in to) the asset. */
export async function assetBalance(
  devnet: Devnet,
  address: string,
  assetId: bigint,
): Promise<bigint> {
  const info = await algodOf(devnet).accountInformation(address).do()
  return info.assets?.find((a) => a.assetId === assetId)?.amount ?? 0n
}

export async function balances(devnet: Devnet, address: string): Promise<Balances> {
  const info = await algodOf(devnet).accountInformation(address).do()
  const usdcId = devnet.info.usdcAssetId
  return {
    algos: info.amount,
    usdc: info.assets?.find((a) => a.assetId === usdcId)?.amount ?? 0n,
  }
}

/** The address of a genesis account by name ('Wallet2' is the first test account). */
export function accountNamed(devnet: Devnet, name: string): string {
  const found = devnet.info.accounts.find((a) => a.name === name)
  if (found === undefined) throw new Error(`the devnet has no account ${name}`)
  return found.address
}

/** 1 USDC in base units (the devnet's USDC has 6 decimals, as Circle's has). */
export const USDC = 1_000_000n
