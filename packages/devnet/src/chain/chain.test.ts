/**
 * The chain: blocks as go-algorand builds them (data/bookkeeping/block.go: header, Branch = hash
 * of the previous header, TxnCounter, EncodeSignedTxn's hgi/hgh), dev mode and block-interval
 * mode, algod's pending-transaction view (daemon/algod/api/server/v2/handlers.go), account
 * models (account.go AccountDataToAccount), and persistence by replay.
 */
import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { MemoryBlockStore } from '../store/index.js'
import { sha512_256 } from '../ledger/crypto.js'
import { newAccount, sign, TestNet } from '../../test/kit/testnet.js'
import type { CommittedBlock } from './types.js'

const net = new TestNet()
afterAll(() => net.close())
const { dispenser } = net

describe('blocks in dev mode', () => {
  it('commits each group in its own block, linked to the previous header', () => {
    const before = net.chain.lastRound()
    const [id] = net.ok(sign(net.pay(dispenser, dispenser.addr, 1n), dispenser.sk))
    const b = net.chain.block(before + 1n)!
    expect(b.round).toBe(before + 1n)
    expect(b.txids).toEqual([id])
    const prev = net.chain.block(before)!.block.header
    const expected = sha512_256(new TextEncoder().encode('BH'), algosdk.encodeMsgpack(prev))
    expect(Buffer.from(b.block.header.branch).equals(Buffer.from(expected))).toBe(true)
    expect(b.block.header.txnCounter).toBe(prev.txnCounter + 1n)
    expect(b.block.header.genesisID).toBe('devnet-v1')
    expect(b.block.header.upgradeState.currentProtocol).toBe(net.chain.genesis.proto)
    expect(b.block.header.feesCollected).toBe(1000n)
    expect(net.chain.block(before + 2n)).toBeUndefined()
  })

  it('encodes the payset as EncodeSignedTxn does: genesis fields dropped, hgi/hgh set', () => {
    net.ok(sign(net.pay(dispenser, dispenser.addr, 2n), dispenser.sk))
    const b = net.chain.block(net.chain.lastRound())!
    const decoded = algosdk.decodeMsgpack(algosdk.encodeMsgpack(b.block), algosdk.Block)
    const stib = decoded.payset[0]
    expect(stib.hasGenesisID).toBe(true)
    expect(stib.hasGenesisHash).toBe(true)
    expect(stib.signedTxn.signedTxn.txn.genesisID).toBeUndefined()
    expect(stib.signedTxn.signedTxn.txn.genesisHash).toBeUndefined()
    expect(stib.signedTxn.signedTxn.sig).toBeDefined()
  })

  it('stamps blocks with the wall clock plus the offset, never going back', () => {
    let now = 2_000_000_000n
    const t = new TestNet({ now: () => now })
    t.ok(sign(t.pay(t.dispenser, t.dispenser.addr, 1n), t.dispenser.sk))
    expect(t.chain.block(t.chain.lastRound())!.block.header.timestamp).toBe(2_000_000_000n)
    t.chain.blockTimestampOffset = 3600n
    t.ok(sign(t.pay(t.dispenser, t.dispenser.addr, 2n), t.dispenser.sk))
    expect(t.chain.block(t.chain.lastRound())!.block.header.timestamp).toBe(2_000_003_600n)
    t.chain.blockTimestampOffset = 0n
    now = 1_000n
    t.ok(sign(t.pay(t.dispenser, t.dispenser.addr, 3n), t.dispenser.sk))
    expect(t.chain.block(t.chain.lastRound())!.block.header.timestamp).toBe(2_000_003_600n)
    void t.close()
  })

  it('tells listeners and waiters about each block', async () => {
    const seen: CommittedBlock[] = []
    const off = net.chain.onBlock((b) => seen.push(b))
    const next = net.chain.lastRound() + 1n
    const waiting = net.chain.waitForRound(next, 10_000)
    net.ok(sign(net.pay(dispenser, dispenser.addr, 3n), dispenser.sk))
    await waiting
    off()
    net.ok(sign(net.pay(dispenser, dispenser.addr, 4n), dispenser.sk))
    expect(seen.map((b) => b.round)).toEqual([next])
    // A round that does not come ends the wait at the timeout.
    const started = Date.now()
    await net.chain.waitForRound(net.chain.lastRound() + 5n, 30)
    expect(Date.now() - started).toBeGreaterThanOrEqual(25)
  })
})

describe('pending transactions (handlers.go PendingTransactionInformation)', () => {
  it('reports a confirmed transaction with its round, restoring its genesis fields', () => {
    const txn = net.pay(dispenser, dispenser.addr, 5n)
    const [id] = net.ok(sign(txn, dispenser.sk))
    const p = net.chain.pending(id)!
    expect(p.confirmedRound).toBe(net.chain.lastRound())
    expect(p.poolError).toBe('')
    expect(p.txn.txn.txID()).toBe(id)
    expect(p.txn.txn.genesisID).toBe('devnet-v1')
    // Round-trips through algosdk's msgpack decoding, as pendingTransactionInformation reads it.
    const decoded = algosdk.decodeMsgpack(
      algosdk.encodeMsgpack(p),
      algosdk.modelsv2.PendingTransactionResponse,
    )
    expect(decoded.confirmedRound).toBe(p.confirmedRound)
  })

  it('knows nothing of an unknown or rejected transaction', () => {
    expect(net.chain.pending('A'.repeat(52))).toBeUndefined()
    const bad = sign(net.pay(newAccount(), dispenser.addr, 5n), dispenser.sk)
    expect(net.send(bad).ok).toBe(false)
    expect(net.chain.pending(bad.txn.txID())).toBeUndefined()
    expect(net.chain.pendingList(0).totalTransactions).toBe(0)
  })

  // The 1000-round window itself is checked in archive.test.ts.
})

describe('accounts (account.go AccountDataToAccount)', () => {
  it('fills what algod fills, and less with exclude=all', () => {
    const [w] = net.wallets
    const full = net.chain.accountInfo(w.addr, 'none')
    expect(full.address).toBe(w.addr)
    expect(full.status).toBe('Offline')
    expect(full.minBalance).toBe(200_000n)
    expect(full.totalAssetsOptedIn).toBe(1)
    expect(full.assets![0]).toMatchObject({ assetId: 1001n, isFrozen: false })
    expect(full.round).toBe(net.chain.lastRound())
    expect(full.amountWithoutPendingRewards).toBe(full.amount)
    const bare = net.chain.accountInfo(w.addr, 'all')
    expect(bare.assets).toBeUndefined()
    expect(bare.totalAssetsOptedIn).toBe(1)
    const issuer = net.chain.accountInfo(net.issuer.addr, 'none')
    expect(issuer.createdAssets!.map((a) => a.index)).toEqual([1001n])
    expect(issuer.totalCreatedAssets).toBe(1)
  })

  it('answers for accounts never seen, and refuses malformed addresses', () => {
    const a = newAccount()
    expect(net.chain.accountInfo(a.addr, 'none')).toMatchObject({
      amount: 0n,
      minBalance: 100_000n,
    })
    expect(net.chain.accountAsset(a.addr, 1001n)).toBeUndefined()
    expect(() => net.chain.accountInfo('not-an-address', 'none')).toThrow(RangeError)
  })

  it('reports holdings and created assets per asset', () => {
    const r = net.chain.accountAsset(net.issuer.addr, 1001n)!
    expect(r.createdAsset!.unitName).toBe('USDC')
    expect(r.assetHolding!.amount > 0n).toBe(true)
    expect(net.chain.accountAsset(net.wallets[0].addr, 1001n)!.createdAsset).toBeUndefined()
  })
})

describe('persistence (BlockStore: append before visible, replay on start)', () => {
  it('rebuilds the same chain from the stored blocks, with the same timestamps', () => {
    const store = new MemoryBlockStore()
    const shared = {
      append: store.append.bind(store),
      load: store.load.bind(store),
      close: () => undefined,
    }
    let now = 1_900_000_000n
    const first = new TestNet({ store: shared, now: () => now++ })
    const a = newAccount()
    first.ok(sign(first.pay(first.dispenser, a.addr, 3_000_000n), first.dispenser.sk))
    first.ok(sign(first.pay(a, first.dispenser.addr, 1_000n), a.sk))
    const second = new TestNet({ store: shared, now: () => 0n })
    expect(second.chain.lastRound()).toBe(first.chain.lastRound())
    expect(second.balance(a.addr)).toBe(first.balance(a.addr))
    const last = first.chain.lastRound()
    expect(algosdk.encodeMsgpack(second.chain.block(last)!.block)).toEqual(
      algosdk.encodeMsgpack(first.chain.block(last)!.block),
    )
    // The replayed chain remembers the replayed transactions.
    const again = sign(first.pay(a, first.dispenser.addr, 1_000n), a.sk)
    expect(second.send(again).ok).toBe(true)
    void first.close()
    void second.close()
  })

  it('makes nothing visible when the store cannot append', () => {
    const store = new MemoryBlockStore()
    let broken = false
    const flaky = {
      load: () => store.load(),
      append: (b: Parameters<typeof store.append>[0]) => {
        if (broken) throw new Error('disk full')
        store.append(b)
      },
      close: () => undefined,
    }
    const t = new TestNet({ store: flaky })
    const round = t.chain.lastRound()
    broken = true
    const r = t.send(sign(t.pay(t.dispenser, t.dispenser.addr, 1n), t.dispenser.sk))
    expect(r).toMatchObject({ ok: false, rejection: { message: 'disk full' } })
    expect(t.chain.lastRound()).toBe(round)
    void t.close()
  })
})

describe('block-interval mode', () => {
  it('keeps accepted groups pending until the timer makes the block', async () => {
    const t = new TestNet({ blockIntervalMs: 30 })
    const [id] = t.ok(sign(t.pay(t.dispenser, t.dispenser.addr, 1n), t.dispenser.sk))
    const pending = t.chain.pending(id)!
    expect(pending.confirmedRound).toBeUndefined()
    expect(t.chain.pendingList(10).totalTransactions).toBe(1)
    // The pool remembers it: the same transaction cannot go in twice.
    expect(t.send(pending.txn).ok).toBe(false)
    await t.chain.waitForRound(2n, 2000)
    expect(t.chain.pending(id)!.confirmedRound).toBe(2n)
    expect(t.chain.pendingList(10).totalTransactions).toBe(0)
    await t.close()
  })
})
