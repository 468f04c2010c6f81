import algosdk from 'algosdk'
import { afterAll, describe, expect, it } from 'vitest'
import { TestNet } from '../../test/kit/testnet.js'
import { buildGenesis, genesisDocument } from './genesis.js'
import { deterministicKey } from './keys.js'
import { goGenesisHash } from './go-hash.testing.js'
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
    // Pinned: a change here means every devnet (and kmd's default wallet id) changes.
    expect(Buffer.from(g.hash).toString('base64')).toBe(
      'LuDZsZ2DW20lbRcbAVFvlgBfc/CU5XGmNiMpCfNT0Ls=',
    )
  })

  it('hashes the GET /genesis document as go does (Genesis.Hash of the decoded genesis.json)', () => {
    const json = JSON.parse(algosdk.stringifyJSON(genesisDocument(g))) as unknown
    expect(Buffer.from(goGenesisHash(json)).toString('base64')).toBe(
      Buffer.from(g.hash).toString('base64'),
    )
  })

  it("makes Wallet1 online as LocalNet's genesis wallets are (gen/generate.go, onl 1 + keys)", () => {
    const doc = JSON.parse(algosdk.stringifyJSON(genesisDocument(g))) as {
      alloc: { comment: string; state: Record<string, unknown> }[]
    }
    const wallet1 = doc.alloc.find((a) => a.comment === 'Wallet1')!.state
    // go's canonical JSON: sorted keys, zero values (voteFst 0) omitted.
    expect(Object.keys(wallet1)).toEqual([
      'algo',
      'onl',
      'sel',
      'stprf',
      'vote',
      'voteKD',
      'voteLst',
    ])
    expect(wallet1).toMatchObject({ onl: 1, voteKD: 10000, voteLst: 16777215 })
    expect(Buffer.from(wallet1.sel as string, 'base64')).toHaveLength(32)
    expect(Buffer.from(wallet1.vote as string, 'base64')).toHaveLength(32)
    expect(Buffer.from(wallet1.stprf as string, 'base64')).toHaveLength(64)
    // Everything else keeps go's defaults: offline (no onl), or not participating (onl 2).
    for (const a of doc.alloc.filter((x) => x.comment !== 'Wallet1')) {
      expect(a.state.vote).toBeUndefined()
      expect([undefined, 2]).toContain(a.state.onl)
    }

    const w1 = g.accounts.find((a) => a.comment === 'Wallet1')!
    const info = net.chain.accountInfo(w1.address, 'none')
    expect(info.status).toBe('Online')
    expect(info.participation).toMatchObject({
      voteFirstValid: 0n,
      voteLastValid: 16_777_215n,
      voteKeyDilution: 10_000n,
    })
    expect(Buffer.from(info.participation!.voteParticipationKey).toString('base64')).toBe(
      wallet1.vote,
    )
    expect(Buffer.from(info.participation!.selectionParticipationKey).toString('base64')).toBe(
      wallet1.sel,
    )
    expect(Buffer.from(info.participation!.stateProofKey!).toString('base64')).toBe(wallet1.stprf)
    expect(net.chain.accountInfo(net.issuer.addr, 'all').status).toBe('Offline')
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
