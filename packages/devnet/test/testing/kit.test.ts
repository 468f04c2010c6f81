/**
 * @unica/devnet/testing over a real devnet: fresh accounts funded with Algos and USDC, genesis
 * accounts with their keys, node:crypto signatures identical to algosdk's, and a kit over someone
 * else's devnet that leaves it running.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ALGO,
  DevnetKit,
  USDC,
  genesisAccount,
  randomAccount,
  signWith,
} from '../../testing/index.js'

let kit: DevnetKit

beforeAll(async () => {
  kit = await DevnetKit.start()
})

afterAll(async () => {
  await kit.stop()
})

describe('DevnetKit', () => {
  it('funds a fresh account with Algos and USDC, opted in', async () => {
    // The account pays its USDC opt-in's fee.
    const fee = BigInt((await kit.params()).minFee)
    const account = await kit.newAccount({ algos: 3n * ALGO, usdc: 25n * USDC })
    expect(await kit.holdings(account.address)).toEqual({
      algos: 3n * ALGO - fee,
      usdc: 25n * USDC,
    })
    const bare = await kit.newAccount()
    expect(await kit.holdings(bare.address)).toEqual({ algos: 10n * ALGO - fee, usdc: 0n })
    const info = await kit.algod.accountAssetInformation(bare.address, kit.usdcId).do()
    expect(info.assetHolding?.amount).toBe(0n)
  })

  it('knows the genesis accounts by name, with keys that sign for them', async () => {
    expect(kit.dispenser.address).toBe(
      kit.devnet.info.accounts.find((a) => a.name === 'Wallet1')?.address,
    )
    expect(kit.issuer.address).toBe(kit.devnet.info.usdcIssuer)
    const wallet2 = kit.genesisAccount('Wallet2')
    expect(await kit.assetBalance(wallet2.address, kit.usdcId)).toBe(1_000_000n * USDC)
    expect(() => genesisAccount(kit.devnet, 'Nobody')).toThrow(/no genesis account Nobody/)
  })

  it("signs byte for byte as algosdk's signTxn", async () => {
    const key = randomAccount()
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: key.address,
      receiver: kit.dispenser.address,
      amount: 1n,
      suggestedParams: await kit.params(),
    })
    // algosdk's own signing is the reference here, deprecated or not.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    expect(signWith(key, txn)).toEqual(txn.signTxn(key.sk))
  })

  it('leaves a devnet it did not start running', async () => {
    await DevnetKit.of(kit.devnet).stop()
    const status = await kit.algod.status().do()
    expect(status.lastRound).toBeGreaterThan(0n)
  })
})
