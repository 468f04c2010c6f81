/**
 * Payments, fees, minimum balances and rekeying, as go-algorand applies them:
 * ledger/apply/payment.go `Payment`, ledger/eval/eval.go `Move` / `checkMinBalance` /
 * `CheckGroupFees`, ledger/apply/apply.go `Rekey`, data/basics/userBalance.go `MinBalance`.
 */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { newAccount, sign, TestNet } from '../../test/kit/testnet.js'

const net = new TestNet()
afterAll(() => net.close())
const { dispenser } = net

describe('payments (ledger/apply/payment.go Payment)', () => {
  it('moves the amount and pays the fee to the fee sink', () => {
    const to = newAccount()
    const sink = net.chain.genesis.feeSink!
    const sinkBefore = net.balance(sink)
    const before = net.balance(dispenser.addr)
    net.ok(sign(net.pay(dispenser, to.addr, 1_000_000n), dispenser.sk))
    expect(net.balance(to.addr)).toBe(1_000_000n)
    expect(net.balance(dispenser.addr)).toBe(before - 1_001_000n)
    expect(net.balance(sink)).toBe(sinkBefore + 1000n)
  })

  it('rejects an overspend (ledgercore.OverspendError)', () => {
    const a = net.funded(1_000_000n)
    const msg = net.rejects(
      'overspend (account ',
      sign(net.pay(a, dispenser.addr, 5_000_000n), a.sk),
    )
    // The fee is taken first (go's takeFee), so the data shows the balance after it.
    expect(msg).toContain(
      `account ${a.addr}, data {AccountBaseData:{Status:Offline MicroAlgos:999mA`,
    )
    expect(msg).toContain('tried to spend 5A)')
    expect(msg).toMatch(/^TransactionPool\.Remember: transaction [A-Z2-7]{52}: overspend/)
  })

  it('keeps the sender above the 0.1 Algo minimum (ledgercore.MinBalanceError)', () => {
    const a = net.funded(1_000_000n)
    net.rejects(
      `account ${a.addr} balance 99999 below min 100000 (0 assets)`,
      sign(net.pay(a, dispenser.addr, 899_001n), a.sk),
    )
    // Exactly the minimum left is fine.
    net.ok(sign(net.pay(a, dispenser.addr, 899_000n), a.sk))
    expect(net.balance(a.addr)).toBe(100_000n)
  })

  it('refuses to create a receiver below the minimum balance', () => {
    const to = newAccount()
    net.rejects(
      `account ${to.addr} balance 99999 below min 100000`,
      sign(net.pay(dispenser, to.addr, 99_999n), dispenser.sk),
    )
    net.ok(sign(net.pay(dispenser, to.addr, 100_000n), dispenser.sk))
  })

  it('closes an account with close-remainder-to and reports the closing amount', () => {
    const a = net.funded(3_000_000n)
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      receiver: dispenser.addr,
      amount: 500_000n,
      closeRemainderTo: dispenser.addr,
      suggestedParams: net.params(),
    })
    const [id] = net.ok(sign(txn, a.sk))
    expect(net.balance(a.addr)).toBe(0n)
    const p = net.chain.pending(id)!
    expect(p.closingAmount).toBe(3_000_000n - 500_000n - 1000n)
    expect(p.confirmedRound).toBe(net.chain.lastRound())
  })

  it('cannot close an account to its own address (PaymentTxnFields.wellFormed)', () => {
    const a = net.funded()
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      receiver: dispenser.addr,
      amount: 1n,
      closeRemainderTo: a.addr,
      suggestedParams: net.params(),
    })
    net.rejects('transaction cannot close account to its sender', sign(txn, a.sk))
  })

  it('cannot close an account that still holds assets', () => {
    const [w] = net.wallets
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: w.addr,
      receiver: dispenser.addr,
      amount: 0n,
      closeRemainderTo: dispenser.addr,
      suggestedParams: net.params(),
    })
    net.rejects('cannot close: 1 outstanding assets', sign(txn, w.sk))
  })

  it('lets nobody spend from the fee sink (Payouts enabled)', () => {
    const sink = net.chain.genesis.feeSink!
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: sink,
      receiver: dispenser.addr,
      amount: 1n,
      suggestedParams: net.params(),
    })
    net.rejects('cannot spend from fee sink address', sign(txn, dispenser.sk))
  })
})

describe('fees (ledger/eval/eval.go CheckGroupFees, pooled since consensus v28)', () => {
  it('requires the minimum fee of a lone transaction', () => {
    net.rejects(
      'txgroup with 999uA fees is less than 1mA (usage=1.000000 * base=1mA)',
      sign(net.pay(dispenser, dispenser.addr, 0n, { fee: 999n }), dispenser.sk),
    )
  })

  it('pools fees across a group: one transaction may pay for the other', () => {
    const a = net.funded(1_000_000n)
    const stxns = net.group(
      [net.pay(dispenser, a.addr, 1n, { fee: 2000n }), dispenser.sk],
      [net.pay(a, dispenser.addr, 1n, { fee: 0n }), a.sk],
    )
    net.ok(...stxns)
    expect(net.balance(a.addr)).toBe(1_000_000n)
  })

  it('rejects a group whose pooled fees fall short', () => {
    const a = net.funded(1_000_000n)
    const stxns = net.group(
      [net.pay(dispenser, a.addr, 1n, { fee: 1500n }), dispenser.sk],
      [net.pay(a, dispenser.addr, 1n, { fee: 0n }), a.sk],
    )
    net.rejects('txgroup with 1.500mA fees is less than 2mA (usage=2.000000', ...stxns)
  })

  it('lets an unfunded sender take part when its fee is covered (UnfundedSenders, v34)', () => {
    const empty = newAccount()
    const stxns = net.group(
      [net.pay(dispenser, dispenser.addr, 0n, { fee: 2000n }), dispenser.sk],
      [net.pay(empty, empty.addr, 0n, { fee: 0n }), empty.sk],
    )
    net.ok(...stxns)
    expect(net.balance(empty.addr)).toBe(0n)
  })
})

describe('rekeying (ledger/apply/apply.go Rekey; eval.go transaction authorizer check)', () => {
  it('makes the auth address the only valid signer, until rekeyed back', () => {
    const a = net.funded(2_000_000n)
    const b = newAccount()
    const rekey = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      receiver: a.addr,
      amount: 0n,
      rekeyTo: b.addr,
      suggestedParams: net.params(),
    })
    net.ok(sign(rekey, a.sk))
    expect(net.chain.accountInfo(a.addr, 'all').authAddr?.toString()).toBe(b.addr)

    net.rejects(
      `should have been authorized by ${b.addr} but was actually authorized by ${a.addr}`,
      sign(net.pay(a, dispenser.addr, 1n), a.sk),
    )
    // Signed by the auth address (algosdk sets sgnr), it goes through.
    net.ok(sign(net.pay(a, dispenser.addr, 1n), b.sk))

    const back = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      receiver: a.addr,
      amount: 0n,
      rekeyTo: a.addr,
      suggestedParams: net.params(),
    })
    net.ok(sign(back, b.sk))
    expect(net.chain.accountInfo(a.addr, 'all').authAddr).toBeUndefined()
    net.rejects('should have been authorized by', sign(net.pay(a, dispenser.addr, 1n), b.sk))
    net.ok(sign(net.pay(a, dispenser.addr, 1n), a.sk))
  })

  it('clears the auth address when the account is closed', () => {
    const a = net.funded(2_000_000n)
    const b = newAccount()
    net.ok(
      sign(
        algosdk.makePaymentTxnWithSuggestedParamsFromObject({
          sender: a.addr,
          receiver: a.addr,
          amount: 0n,
          rekeyTo: b.addr,
          suggestedParams: net.params(),
        }),
        a.sk,
      ),
    )
    const close = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: a.addr,
      receiver: dispenser.addr,
      amount: 0n,
      closeRemainderTo: dispenser.addr,
      suggestedParams: net.params(),
    })
    net.ok(sign(close, b.sk))
    expect(net.chain.accountInfo(a.addr, 'all').authAddr).toBeUndefined()
  })
})
