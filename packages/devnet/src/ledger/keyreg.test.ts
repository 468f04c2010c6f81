/**
 * Key registration as go-algorand applies it (ledger/apply/keyreg.go Keyreg): online with keys,
 * offline without, non-participating for good; incentive eligibility for a 2 Algo fee (v40).
 */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { sign, TestNet } from '../../test/kit/testnet.js'

const net = new TestNet()
afterAll(() => net.close())

const keys = {
  voteKey: new Uint8Array(32).fill(1),
  selectionKey: new Uint8Array(32).fill(2),
  stateProofKey: new Uint8Array(64).fill(3),
  voteKeyDilution: 10_000n,
}

describe('key registration (ledger/apply/keyreg.go)', () => {
  it('goes online with keys (eligible for incentives with a 2 Algo fee) and offline without', () => {
    const a = net.funded(10_000_000n)
    const last = net.chain.lastRound()
    const online = algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      ...keys,
      voteFirst: last,
      voteLast: last + 100_000n,
      suggestedParams: net.params({ fee: 2_000_000n }),
    })
    net.ok(sign(online, a.sk))
    const info = net.chain.accountInfo(a.addr, 'all')
    expect(info.status).toBe('Online')
    expect(info.incentiveEligible).toBe(true)
    expect(info.participation!.voteKeyDilution).toBe(10_000n)
    const offline = algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      suggestedParams: net.params(),
    })
    net.ok(sign(offline, a.sk))
    expect(net.chain.accountInfo(a.addr, 'all')).toMatchObject({
      status: 'Offline',
      participation: undefined,
    })
  })

  it('refuses keys whose voting range is already over', () => {
    const a = net.funded()
    const txn = algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      ...keys,
      voteFirst: 1n,
      voteLast: 2n,
      suggestedParams: net.params(),
    })
    net.rejects('with last voting round in the past', sign(txn, a.sk))
  })

  it('makes a non-participating account unable to change its status again', () => {
    const a = net.funded()
    const nonpart = algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      nonParticipation: true,
      suggestedParams: net.params(),
    })
    net.ok(sign(nonpart, a.sk))
    expect(net.chain.accountInfo(a.addr, 'all').status).toBe('Not Participating')
    const again = algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      suggestedParams: net.params(),
    })
    net.rejects(
      'cannot change online/offline status of non-participating account',
      sign(again, a.sk),
    )
  })
})
