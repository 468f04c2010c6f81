import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { TestNet } from '../chain/testing.js'
import { buildGenesis, genesisDocument } from './genesis.js'
import { deterministicKey } from './keys.js'
import { USDC_PER_WALLET, USDC_TOTAL } from './usdc.js'

describe('genesis', () => {
  const net = new TestNet()
  const g = net.chain.genesis
  afterAll(() => net.close())

  it('is deterministic: id devnet-v1, network devnet, MainNet v41 consensus, stable hash', () => {
    const again = buildGenesis()
    expect(g.id).toBe('devnet-v1')
    expect(g.network).toBe('devnet')
    expect(g.proto).toBe(
      'https://github.com/algorandfoundation/specs/tree/953304de35264fc3ef91bcd05c123242015eeaed',
    )
    expect(Buffer.from(again.hash).equals(Buffer.from(g.hash))).toBe(true)
    expect(again.accounts.map((a) => a.address)).toEqual(g.accounts.map((a) => a.address))
    expect(g.hash).toHaveLength(32)
  })

  it('derives each key from SHA-256("unica-devnet/" + name), in algosdk form', () => {
    const w1 = g.accounts.find((a) => a.comment === 'Wallet1')!
    const key = deterministicKey('Wallet1')
    expect(w1.address).toBe(algosdk.encodeAddress(key.publicKey))
    // algosdk's own derivation of the public key from the seed agrees.
    expect(
      algosdk.mnemonicToSecretKey(algosdk.secretKeyToMnemonic(w1.secretKey)).addr.toString(),
    ).toBe(w1.address)
  })

  it('allocates like goal network create: RewardsPool, FeeSink, then the wallets (total < 10^16)', () => {
    const alloc = g.alloc!
    expect(alloc.map((a) => a.comment)).toEqual([
      'RewardsPool',
      'FeeSink',
      'Wallet1',
      'USDC issuer',
      'Wallet2',
      'Wallet3',
      'Wallet4',
      'Wallet5',
      'Wallet6',
    ])
    expect(alloc[1].address).toBe('A7NMWS3NT3IUDMLVO26ULGXGIIOUQ3ND2TXSER6EBGRZNOBOUIQXHIBGDE')
    expect(alloc.reduce((n, a) => n + a.microAlgos, 0n) < 10n ** 16n).toBe(true)
    const doc = genesisDocument(g)
    expect(Object.keys(doc)).toEqual(['alloc', 'devmode', 'fees', 'id', 'network', 'proto', 'rwd'])
    expect(doc.id).toBe('v1')
  })

  it('has a genesis block at round 0 with txn counter 1000 (go: AppForbidLowResources)', () => {
    const b0 = net.chain.block(0n)!
    expect(b0.block.header.round).toBe(0n)
    expect(b0.block.header.txnCounter).toBe(1000n)
    expect(b0.block.payset).toHaveLength(0)
    expect(b0.block.header.genesisID).toBe('devnet-v1')
    expect(b0.block.header.rewardState.feeSink.toString()).toBe(g.feeSink)
  })

  it('creates USDC (id 1001) in round 1, opts the wallets in and funds them', () => {
    expect(g.usdcAssetId).toBe(1001n)
    const b1 = net.chain.block(1n)!
    expect(b1.txids).toHaveLength(11)
    expect(b1.block.payset[0].signedTxn.applyData.configAsset).toBe(1001n)
    const asset = net.chain.asset(1001n)!
    expect(asset.params!.unitName).toBe('USDC')
    expect(asset.params!.name).toBe('USD Coin (devnet)')
    expect(asset.params!.decimals).toBe(6)
    expect(asset.params!.total).toBe(USDC_TOTAL)
    expect(asset.params!.manager).toBe(g.usdcIssuer)
    expect(asset.params!.reserve).toBe(g.usdcIssuer)
    expect(asset.params!.freeze).toBeUndefined()
    expect(asset.params!.clawback).toBeUndefined()
    for (const w of net.wallets) {
      const h = net.chain.accountAsset(w.addr, 1001n)!.assetHolding!
      expect(h.amount).toBe(USDC_PER_WALLET)
      expect(net.balance(w.addr) > 1_000_000_000n).toBe(true)
    }
  })

  it('is the same chain for every fresh start: block 1 has the same transaction ids', () => {
    const other = new TestNet({ now: () => 1_800_000_000n })
    expect(other.chain.block(1n)!.txids).toEqual(net.chain.block(1n)!.txids)
    void other.close()
  })
})
