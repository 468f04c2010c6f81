/**
 * The settler's operator account (src/worker/operator.ts): from OPERATOR_MNEMONIC, or on a
 * development network from KMD (its own wallet, topped up from the dispenser), against the
 * embedded devnet's real KMD and algod.
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  OPERATOR_WALLET,
  OperatorError,
  kmdOperator,
  mnemonicOperator,
} from '../../src/worker/operator.js'
import { Harness } from './chain.js'

let h: Harness
let kmd: algosdk.Kmd

beforeAll(async () => {
  h = await Harness.start()
  const url = h.devnet.urls.kmd
  kmd = new algosdk.Kmd(h.devnet.token, url, new URL(url).port)
})
afterAll(async () => {
  await h.stop()
})

describe('mnemonicOperator', () => {
  it('signs as the account of the 25 words (spaces as typed)', async () => {
    const account = algosdk.generateAccount()
    const words = algosdk.secretKeyToMnemonic(account.sk)
    const operator = mnemonicOperator(`  ${words.split(' ').join('   ')}\n`)
    expect(operator.address).toBe(account.addr.toString())
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: operator.address,
      receiver: operator.address,
      amount: 0,
      suggestedParams: await h.params(),
    })
    const [signed] = await operator.sign([pay])
    expect(algosdk.decodeSignedTransaction(signed).sig).toBeDefined()
  })

  it('refuses words that are no mnemonic, without repeating them', () => {
    const secret = 'abandon '.repeat(24) + 'zoo'
    for (const bad of ['', 'one two three', secret]) {
      let error: unknown
      try {
        mnemonicOperator(bad)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(OperatorError)
      expect((error as Error).message).not.toContain('abandon')
    }
  })
})

describe('kmdOperator', () => {
  it('makes its own KMD wallet account, funds it from the dispenser once, and reuses it', async () => {
    const first = await kmdOperator(kmd, h.algod)
    const { wallets } = (await kmd.listWallets()) as { wallets: { name: string }[] }
    expect(wallets.map((w) => w.name)).toContain(OPERATOR_WALLET)
    const funded = (await h.algod.accountInformation(first.address).do()).amount
    expect(funded).toBe(10_000_000n)
    const again = await kmdOperator(kmd, h.algod)
    expect(again.address).toBe(first.address)
    // Still above the floor: not topped up again.
    expect((await h.algod.accountInformation(first.address).do()).amount).toBe(funded)
    // Its key signs what the chain accepts.
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: first.address,
      receiver: first.address,
      amount: 0,
      suggestedParams: await h.params(),
    })
    await h.sendSigned(await first.sign([pay]))
  })
})
