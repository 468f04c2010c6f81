/**
 * Group-level rules: group ids and size (data/transactions/checks.go checkTxnGroupID,
 * ledger/eval/eval.go TransactionGroup), validity windows and genesis (bookkeeping/block.go
 * Alive, transaction.go WellFormed), duplicates and leases (ledger/eval/cow.go checkDup), and
 * atomicity (a rejected group leaves no trace).
 */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { newAccount, sign, TestNet } from '../../test/kit/testnet.js'

const net = new TestNet()
afterAll(() => net.close())
const { dispenser } = net

describe('group ids and size (checks.go checkTxnGroupID; eval.go TransactionGroup)', () => {
  it('accepts a group whose id commits to its transactions', () => {
    const a = newAccount()
    const b = newAccount()
    const txids = net.ok(
      ...net.group(
        [net.pay(dispenser, a.addr, 200_000n), dispenser.sk],
        [net.pay(dispenser, b.addr, 200_000n), dispenser.sk],
      ),
    )
    expect(txids).toHaveLength(2)
    // One block holds the whole group.
    expect(net.chain.block(net.chain.lastRound())!.txids).toEqual(txids)
  })

  it('rejects transactions with no group id submitted together', () => {
    const t1 = sign(net.pay(dispenser, dispenser.addr, 1n), dispenser.sk)
    const t2 = sign(net.pay(dispenser, dispenser.addr, 2n), dispenser.sk)
    net.rejects('transactionGroup: [0] had zero Group but was submitted in a group of 2', t1, t2)
  })

  it('rejects an incomplete group', () => {
    const [t1] = net.group(
      [net.pay(dispenser, dispenser.addr, 1n), dispenser.sk],
      [net.pay(dispenser, dispenser.addr, 2n), dispenser.sk],
    )
    net.rejects('transactionGroup: incomplete group', t1)
  })

  it('rejects inconsistent group values', () => {
    const [t1] = net.group(
      [net.pay(dispenser, dispenser.addr, 1n), dispenser.sk],
      [net.pay(dispenser, dispenser.addr, 2n), dispenser.sk],
    )
    const [, t4] = net.group(
      [net.pay(dispenser, dispenser.addr, 3n), dispenser.sk],
      [net.pay(dispenser, dispenser.addr, 4n), dispenser.sk],
    )
    net.rejects('transactionGroup: inconsistent group values', t1, t4)
  })

  it('allows 16 transactions in a group, not 17 (MaxTxGroupSize)', () => {
    const sixteen = Array.from({ length: 16 }, (_, i): [algosdk.Transaction, Uint8Array] => [
      net.pay(dispenser, dispenser.addr, BigInt(i)),
      dispenser.sk,
    ])
    net.ok(...net.group(...sixteen))
    const seventeen = Array.from({ length: 17 }, (_, i) =>
      sign(net.pay(dispenser, dispenser.addr, BigInt(i)), dispenser.sk),
    )
    net.rejects('max group size is 16', ...seventeen)
  })
})

describe('validity window and genesis (block.go Alive; transaction.go WellFormed)', () => {
  it('rejects a transaction not yet valid, or no longer valid', () => {
    const last = net.chain.lastRound()
    net.rejects(
      `txn dead: round ${last + 1n} outside of ${last + 5n}--${last + 10n}`,
      sign(
        net.pay(dispenser, dispenser.addr, 1n, { firstValid: last + 5n, lastValid: last + 10n }),
        dispenser.sk,
      ),
    )
    net.rejects(
      `txn dead: round ${last + 1n} outside of 1--${last}`,
      sign(
        net.pay(dispenser, dispenser.addr, 1n, { firstValid: 1n, lastValid: last }),
        dispenser.sk,
      ),
    )
    // The last valid round itself is fine.
    net.ok(
      sign(
        net.pay(dispenser, dispenser.addr, 1n, { firstValid: 1n, lastValid: last + 1n }),
        dispenser.sk,
      ),
    )
  })

  it('rejects a validity window longer than 1000 rounds (MaxTxnLife)', () => {
    const last = net.chain.lastRound()
    net.rejects(
      `transaction window size excessive (${last}--${last + 1001n})`,
      sign(net.pay(dispenser, dispenser.addr, 1n, { lastValid: last + 1001n }), dispenser.sk),
    )
  })

  it('rejects another genesis id or hash, and a missing hash', () => {
    net.rejects(
      'tx.GenesisID <mainnet-v1.0> does not match expected <devnet-v1>',
      sign(net.pay(dispenser, dispenser.addr, 1n, { genesisID: 'mainnet-v1.0' }), dispenser.sk),
    )
    net.rejects(
      'tx.GenesisHash <',
      sign(
        net.pay(dispenser, dispenser.addr, 1n, { genesisHash: new Uint8Array(32).fill(1) }),
        dispenser.sk,
      ),
    )
    net.rejects(
      'required tx.GenesisHash is missing',
      sign(net.pay(dispenser, dispenser.addr, 1n, { genesisHash: undefined }), dispenser.sk),
    )
    // The genesis id is optional.
    net.ok(sign(net.pay(dispenser, dispenser.addr, 7n, { genesisID: undefined }), dispenser.sk))
  })

  it('rejects a note over 1024 bytes', () => {
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: dispenser.addr,
      receiver: dispenser.addr,
      amount: 0n,
      note: new Uint8Array(1025),
      suggestedParams: net.params(),
    })
    net.rejects('transaction note too big: 1025 > 1024', sign(txn, dispenser.sk))
  })
})

describe('duplicates and leases (ledger/eval/cow.go checkDup)', () => {
  it('rejects a transaction already in the ledger', () => {
    const stxn = sign(net.pay(dispenser, dispenser.addr, 11n), dispenser.sk)
    const [id] = net.ok(stxn)
    net.rejects(`transaction already in ledger: ${id}`, stxn)
  })

  it('holds a lease until the last valid round of the transaction that took it', () => {
    const lease = new Uint8Array(32).fill(9)
    const last = net.chain.lastRound()
    const leased = (amount: bigint, lastValid: bigint) =>
      sign(
        algosdk.makePaymentTxnWithSuggestedParamsFromObject({
          sender: dispenser.addr,
          receiver: dispenser.addr,
          amount,
          lease,
          suggestedParams: net.params({ lastValid }),
        }),
        dispenser.sk,
      )
    net.ok(leased(1n, last + 3n))
    net.rejects('using an overlapping lease (sender, lease):', leased(2n, last + 100n))
    // Once the round passes the holder's last valid round, the lease is free again.
    net.ok(sign(net.pay(dispenser, dispenser.addr, 21n), dispenser.sk))
    net.ok(sign(net.pay(dispenser, dispenser.addr, 22n), dispenser.sk))
    expect(net.chain.lastRound()).toBe(last + 3n)
    net.ok(leased(3n, last + 100n))
  })
})

describe('atomicity', () => {
  it('leaves no trace of a group that fails in its last transaction', () => {
    const a = net.funded(1_000_000n)
    const before = net.balance(dispenser.addr)
    const stxns = net.group(
      [net.pay(dispenser, a.addr, 5_000_000n), dispenser.sk],
      [net.pay(a, dispenser.addr, 50_000_000n), a.sk],
    )
    net.rejects('overspend', ...stxns)
    expect(net.balance(dispenser.addr)).toBe(before)
    expect(net.balance(a.addr)).toBe(1_000_000n)
    // And the rejected transactions were not remembered: the first one alone still goes through.
    net.ok(sign(net.pay(dispenser, a.addr, 5_000_000n), dispenser.sk))
  })
})
