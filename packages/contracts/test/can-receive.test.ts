/**
 * canReceiveAsset (src/flows/chain.ts), the read the auction's settlement is built from (the
 * worker's and the web dialogs'): true for an account opted in to the asset, false for one
 * without the opt-in (algod's 404), and algod's other failures thrown as they came.
 */
import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { canReceiveAsset } from '../src/flows/chain.js'
import { useHarness, type Harness } from './harness.js'

let h: Harness
useHarness((started) => {
  h = started
})

describe('canReceiveAsset', () => {
  it('says whether the account holds an opt-in to the asset', async () => {
    const holder = await h.account()
    const without = await h.accountWithoutUsdc()
    expect(await canReceiveAsset(h.algod, holder.address, h.usdcId)).toBe(true)
    expect(await canReceiveAsset(h.algod, without.address, h.usdcId)).toBe(false)
  })

  it('throws what algod answers besides a missing opt-in', async () => {
    // Port 1: nothing listens there, so the request is refused before algod could answer 404.
    const unreachable = new algosdk.Algodv2('', 'http://127.0.0.1', 1)
    const anyone = algosdk.generateAccount().addr.toString()
    await expect(canReceiveAsset(unreachable, anyone, h.usdcId)).rejects.toThrow()
  })
})
