/**
 * The first block of a fresh devnet: one atomic group in which the USDC issuer creates the
 * USDC-like asset (the network's first creatable, id 1001), every test wallet opts in, and the
 * issuer sends each one 1,000,000 USDC. These are real signed transactions (deterministic keys,
 * deterministic ed25519 signatures), applied and stored like any other block, so explorers and
 * the indexer see how the asset came to be.
 */
import algosdk from 'algosdk'
import type { GenesisInfo } from '../chain/types.js'
import { signBytes } from './keys.js'
import { TEST_WALLETS, USDC_ASSET_ID, USDC_ISSUER } from './genesis.js'

const USDC_UNIT = 'USDC'
const USDC_NAME = 'USD Coin (devnet)'
const USDC_DECIMALS = 6
/** 10^15 base units: a billion USDC. */
export const USDC_TOTAL = 1_000_000_000_000_000n
/** What each test wallet receives: 1,000,000 USDC. */
export const USDC_PER_WALLET = 1_000_000_000_000n

export function usdcSetupGroup(g: GenesisInfo): algosdk.SignedTransaction[] {
  const byName = new Map(g.accounts.map((a) => [a.comment, a]))
  const issuer = byName.get(USDC_ISSUER)!
  const wallets = TEST_WALLETS.map((w) => byName.get(w)!)
  const suggestedParams: algosdk.SuggestedParams = {
    fee: 1000n,
    flatFee: true,
    minFee: 1000n,
    firstValid: 1n,
    lastValid: 1000n,
    genesisID: g.id,
    genesisHash: g.hash,
  }
  const txns: { txn: algosdk.Transaction; key: Uint8Array }[] = [
    {
      key: issuer.secretKey,
      txn: algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
        sender: issuer.address,
        total: USDC_TOTAL,
        decimals: USDC_DECIMALS,
        defaultFrozen: false,
        unitName: USDC_UNIT,
        assetName: USDC_NAME,
        manager: issuer.address,
        reserve: issuer.address,
        suggestedParams,
      }),
    },
    ...wallets.map((w) => ({
      key: w.secretKey,
      txn: algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: w.address,
        receiver: w.address,
        assetIndex: USDC_ASSET_ID,
        amount: 0n,
        suggestedParams,
      }),
    })),
    ...wallets.map((w) => ({
      key: issuer.secretKey,
      txn: algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: issuer.address,
        receiver: w.address,
        assetIndex: USDC_ASSET_ID,
        amount: USDC_PER_WALLET,
        suggestedParams,
      }),
    })),
  ]
  algosdk.assignGroupID(txns.map((t) => t.txn))
  return txns.map(
    ({ txn, key }) =>
      new algosdk.SignedTransaction({ txn, sig: signBytes(key, txn.bytesToSign()) }),
  )
}
