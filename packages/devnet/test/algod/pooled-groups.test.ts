/**
 * Groups submitted through algod REST have their signatures checked on the signature pool
 * (Chain.submitAsync): the answers are algod's, and stopping the devnet ends the pool's threads.
 */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { DevnetChain } from '../../src/chain/chain.js'
import { startDevnet, type Devnet } from '../../src/index.js'
import { signBytes } from '../../src/genesis/index.js'

describe('16-transaction groups through POST /v2/transactions', () => {
  let devnet: Devnet | undefined
  afterAll(() => devnet?.stop())

  it('confirms good groups, refuses a bad signature with a 400, and stops its threads', async () => {
    devnet = await startDevnet({ algodPort: 0, indexerPort: 0, kmdPort: 0 })
    const chain = devnet.chain
    if (!(chain instanceof DevnetChain)) throw new Error('startDevnet runs a DevnetChain')
    const algod = new algosdk.Algodv2(devnet.token, 'http://127.0.0.1', devnet.ports.algod)
    const wallet1 = chain.genesis.accounts.find((a) => a.comment === 'Wallet1')!
    const group = async (tag: string, spoil?: number): Promise<Uint8Array> => {
      const params = await algod.getTransactionParams().do()
      const txns = algosdk.assignGroupID(
        Array.from({ length: 16 }, (_, i) =>
          algosdk.makePaymentTxnWithSuggestedParamsFromObject({
            sender: wallet1.address,
            receiver: wallet1.address,
            amount: 1n,
            suggestedParams: params,
            note: new TextEncoder().encode(`${tag} ${i}`),
          }),
        ),
      )
      const signed = txns.map((t) => {
        const sig = signBytes(wallet1.secretKey, t.bytesToSign())
        if (spoil === txns.indexOf(t)) sig[0] ^= 1
        return algosdk.encodeMsgpack(new algosdk.SignedTransaction({ txn: t, sig }))
      })
      return new Uint8Array(Buffer.concat(signed))
    }

    const sent = await Promise.all(
      ['a', 'b', 'c'].map(async (tag) => algod.sendRawTransaction(await group(tag)).do()),
    )
    for (const { txid } of sent) {
      const info = await algod.pendingTransactionInformation(txid).do()
      expect(info.confirmedRound).toBeGreaterThan(0n)
    }
    expect(chain.signatureThreads).toBeGreaterThan(0)

    const before = chain.lastRound()
    await expect(algod.sendRawTransaction(await group('bad', 9)).do()).rejects.toThrow(
      "At least one signature didn't pass verification",
    )
    expect(chain.lastRound()).toBe(before)

    await devnet.stop()
    expect(chain.signatureThreads).toBe(0)
  })
})
