/**
 * submitAsync (signatures checked on the signature pool) must answer exactly as submit does and
 * apply groups in the order they were submitted. Each case runs the same submissions on two
 * fresh chains with the same clock, one through submit and one through submitAsync, and expects
 * the same answers and byte-identical blocks.
 */
/* eslint-disable @typescript-eslint/no-deprecated --
   algosdk's synchronous multisig and logic-sig signing helpers are what clients call. */
import algosdk from 'algosdk'
import { afterEach, describe, expect, it } from 'vitest'
import { DevnetChain } from './chain.js'
import { newAccount, program, sign, TestNet, type Acct } from '../../test/kit/testnet.js'
import type { SubmitResult } from './types.js'

const nets: TestNet[] = []
afterEach(async () => {
  await Promise.all(nets.splice(0).map((n) => n.close()))
})

function twoNets(): [TestNet, TestNet] {
  const pair: [TestNet, TestNet] = [new TestNet(), new TestNet()]
  nets.push(...pair)
  return pair
}

/** The blocks of a chain from round 1, msgpack-encoded. */
function blocks(net: TestNet): Uint8Array[] {
  const out: Uint8Array[] = []
  for (let r = 1n; r <= net.chain.lastRound(); r++) {
    out.push(algosdk.encodeMsgpack(net.chain.block(r)!.block))
  }
  return out
}

/** A payment with a note (so that equal payments still have distinct ids). */
function payment(net: TestNet, from: string, to: string, amount: bigint, note: string) {
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: from,
    receiver: to,
    amount,
    suggestedParams: net.params(),
    note: new TextEncoder().encode(note),
  })
}

/** 16 payments from the dispenser, grouped and signed; `forge` spoils one's signature. */
function paymentGroup(net: TestNet, tag: string, forge?: number): algosdk.SignedTransaction[] {
  const txns = Array.from({ length: 16 }, (_, i) =>
    payment(net, net.dispenser.addr, net.dispenser.addr, BigInt(i), `${tag} ${i}`),
  )
  algosdk.assignGroupID(txns)
  const signed = txns.map((t) => sign(t, net.dispenser.sk))
  if (forge !== undefined) signed[forge].sig![forge] ^= 1
  return signed
}

/** Runs `submissions` (made per chain) through submit on one chain and submitAsync on another. */
async function compare(
  make: (net: TestNet) => algosdk.SignedTransaction[][],
): Promise<SubmitResult[]> {
  const [syncNet, asyncNet] = twoNets()
  const syncResults = make(syncNet).map((g) => syncNet.chain.submit(g))
  // All at once, without waiting: submitAsync must keep their order.
  const asyncResults = await Promise.all(make(asyncNet).map((g) => asyncNet.chain.submitAsync(g)))
  expect(asyncResults).toEqual(syncResults)
  expect(blocks(asyncNet)).toEqual(blocks(syncNet))
  return asyncResults
}

describe('submitAsync', () => {
  it('accepts valid 16-transaction groups exactly as submit does', async () => {
    const results = await compare((net) => [0, 1, 2].map((g) => paymentGroup(net, `ok ${g}`)))
    expect(results.every((r) => r.ok)).toBe(true)
  })

  it('rejects a group with an invalid signature in any position, with the same message', async () => {
    const results = await compare((net) =>
      Array.from({ length: 16 }, (_, bad) => paymentGroup(net, `bad ${bad}`, bad)),
    )
    for (const r of results) {
      expect(r).toEqual({
        ok: false,
        rejection: { message: "At least one signature didn't pass verification" },
      })
    }
  })

  it('applies groups in the order they were submitted, small ones included', async () => {
    // Each group spends what the one before it gave: any reordering would fail a group.
    const accounts: Acct[] = Array.from({ length: 6 }, () => newAccount())
    const results = await compare((net) => {
      const submissions: algosdk.SignedTransaction[][] = []
      let from = net.dispenser
      accounts.forEach((to, i) => {
        const amount = 10_000_000n - BigInt(i) * 200_000n
        const pay = net.pay(from, to.addr, amount)
        if (i % 2 === 0) {
          submissions.push(paymentGroup(net, `filler ${i}`), [sign(pay, from.sk)])
        } else {
          const fill = Array.from({ length: 5 }, (_, j) =>
            payment(net, net.dispenser.addr, net.dispenser.addr, BigInt(j), `fill ${i} ${j}`),
          )
          const txns = [pay, ...fill]
          algosdk.assignGroupID(txns)
          submissions.push(txns.map((t, j) => sign(t, j === 0 ? from.sk : net.dispenser.sk)))
        }
        from = to
      })
      return submissions
    })
    expect(results.map((r) => r.ok)).toEqual(results.map(() => true))
  })

  it('handles multisig and logic sigs in pooled groups, good and bad', async () => {
    const [k1, k2] = [newAccount(), newAccount()]
    const params = { version: 1, threshold: 2, addrs: [k1.addr, k2.addr] }
    const msigAddr = algosdk.multisigAddress(params).toString()
    const escrow = new algosdk.LogicSigAccount(program('#pragma version 10\nint 1'))
    const escrowAddr = escrow.address().toString()
    const results = await compare((net) => {
      const fund = net.group(
        [net.pay(net.dispenser, msigAddr, 10_000_000n), net.dispenser.sk],
        [net.pay(net.dispenser, escrowAddr, 10_000_000n), net.dispenser.sk],
      )
      const mixed = (badSubsig: boolean): algosdk.SignedTransaction[] => {
        const tag = `mixed ${String(badSubsig)}`
        const txns = [
          payment(net, msigAddr, net.dispenser.addr, 1n, tag),
          payment(net, escrowAddr, net.dispenser.addr, 2n, tag),
          ...Array.from({ length: 4 }, (_, i) =>
            payment(net, net.dispenser.addr, net.dispenser.addr, 3n, `${tag} ${i}`),
          ),
        ]
        algosdk.assignGroupID(txns)
        const msig = algosdk.decodeSignedTransaction(
          algosdk.appendSignMultisigTransaction(
            algosdk.signMultisigTransaction(txns[0], params, k1.sk).blob,
            params,
            k2.sk,
          ).blob,
        )
        if (badSubsig) msig.msig!.subsig[1].s![0] ^= 1
        const lsig = algosdk.decodeSignedTransaction(
          algosdk.signLogicSigTransactionObject(txns[1], escrow).blob,
        )
        return [msig, lsig, ...txns.slice(2).map((t) => sign(t, net.dispenser.sk))]
      }
      return [fund, mixed(false), mixed(true)]
    })
    expect(results.map((r) => (r.ok ? 'ok' : r.rejection.message))).toEqual([
      'ok',
      'ok',
      "At least one signature didn't pass verification",
    ])
  })

  it('refuses what waits for the pool once the chain closes, and leaves no thread behind', async () => {
    const [net] = twoNets()
    const chain = net.chain
    if (!(chain instanceof DevnetChain)) throw new Error('createChain makes a DevnetChain')
    expect(chain.signatureThreads).toBe(0)
    const first = await chain.submitAsync(paymentGroup(net, 'first'))
    expect(first.ok).toBe(true)
    expect(chain.signatureThreads).toBeGreaterThan(0)
    const waiting = Array.from({ length: 4 }, (_, i) =>
      chain.submitAsync(paymentGroup(net, `waiting ${i}`)),
    )
    const round = chain.lastRound()
    await chain.close()
    for (const r of await Promise.all(waiting)) {
      expect(r).toEqual({ ok: false, rejection: { message: 'the devnet is shutting down' } })
    }
    expect(chain.lastRound()).toBe(round)
    expect(chain.signatureThreads).toBe(0)
  })
})
