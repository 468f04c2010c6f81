import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { decodeTxnNext, encodeTxnNext } from './next-token.js'
import { committedBlock, GENESIS_HASH, type TxnSpec } from './test-blocks.js'
import type { CommittedBlock } from '../chain/types.js'
import { AddressTable } from './keys.js'
import { TxnIndex } from './txn-index.js'
import { rootTransaction } from './txn-model.js'
import { ROLE, searchTransactions, type TxnFilter } from './txn-search.js'

const alice = algosdk.generateAccount()
const bob = algosdk.generateAccount()
const carol = algosdk.generateAccount()
const APP = 1005n
const appAddr = algosdk.getApplicationAddress(APP)

const params = (note = ''): algosdk.SuggestedParams & { note: Uint8Array } => ({
  fee: 1000n,
  minFee: 1000n,
  flatFee: true,
  firstValid: 1n,
  lastValid: 1000n,
  genesisID: 'devnet-v1',
  genesisHash: GENESIS_HASH,
  note: new TextEncoder().encode(note),
})

function pay(from: algosdk.Account | string, to: string, amount: bigint, note = ''): TxnSpec {
  const sender = typeof from === 'string' ? from : from.addr
  const p = params(note)
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender,
    receiver: to,
    amount,
    suggestedParams: p,
    note: p.note,
  })
  return { txn, signed: typeof from !== 'string' }
}

function appCall(logs: string[], inner: TxnSpec[]): TxnSpec {
  const txn = algosdk.makeApplicationNoOpTxnFromObject({
    sender: alice.addr,
    appIndex: APP,
    suggestedParams: params(),
  })
  return {
    txn,
    signed: true,
    logs: logs.map((l) => new TextEncoder().encode(l)),
    inner,
  }
}

/** Round 1: 3 payments; round 2: app call with nested inners, then a payment; round 3: 2 more. */
function buildIndex(): TxnIndex {
  const blocks = new Map<bigint, CommittedBlock>()
  const index = new TxnIndex(new AddressTable(), (round) => blocks.get(round))
  const add = (block: CommittedBlock): void => {
    blocks.set(block.round, block)
    index.addBlock(block)
  }
  add(
    committedBlock(1n, 1_700_000_000n, [
      pay(alice, bob.addr.toString(), 1n, 'a'),
      pay(alice, bob.addr.toString(), 2n, 'b'),
      pay(bob, carol.addr.toString(), 3n, 'c'),
    ]),
  )
  const deep = { ...pay(appAddr.toString(), carol.addr.toString(), 7n), logs: [] }
  add(
    committedBlock(2n, 1_700_000_010n, [
      appCall(
        ['outer'],
        [
          {
            ...appCall(['inner'], [deep]),
            signed: false,
          },
          pay(appAddr.toString(), bob.addr.toString(), 5n),
        ],
      ),
      pay(carol, alice.addr.toString(), 4n, 'd'),
    ]),
  )
  add(
    committedBlock(3n, 1_700_000_020n, [
      pay(alice, carol.addr.toString(), 8n, 'e'),
      pay(bob, alice.addr.toString(), 9n, 'f'),
    ]),
  )
  return index
}

const notes = (index: TxnIndex, f: TxnFilter): string[] =>
  searchTransactions(index, f).rows.map((seq) =>
    new TextDecoder().decode(index.txnOf(seq)?.signedTxn.txn.note),
  )
const positions = (index: TxnIndex, seqs: readonly number[]): string[] =>
  seqs.map((seq) => `${index.roundOf(seq)}/${index.intraOf(seq)}`)

describe('transaction index (indexer row numbering)', () => {
  it('numbers inner transactions in pre-order within the round', () => {
    const index = buildIndex()
    // Round 2: app call (0), inner app call (1), its inner pay (2), inner pay (3), payment (4).
    const roots = index.rootsOfRound(2)
    expect(roots.map((seq) => [index.intraOf(seq), index.innerCountOf(seq)])).toEqual([
      [0, 3],
      [4, 0],
    ])
    const root = index.root(roots[0] ?? -1)
    if (root === undefined) throw new Error('root not found')
    const tx = rootTransaction(root)
    expect(Number(tx.intraRoundOffset)).toBe(0)
    expect(tx.innerTxns?.length).toBe(2)
    expect(tx.innerTxns?.[0]?.innerTxns?.[0]?.paymentTransaction?.amount).toBe(7n)
    // Inner transactions carry the root's round and offset, and no id of their own.
    expect(Number(tx.innerTxns?.[0]?.confirmedRound)).toBe(2)
    expect(Number(tx.innerTxns?.[0]?.intraRoundOffset)).toBe(0)
    expect(tx.innerTxns?.[0]?.id).toBeUndefined()
    expect(tx.genesisHash).toEqual(GENESIS_HASH)
  })

  it('searches oldest first without an address, newest first with one', () => {
    const index = buildIndex()
    // The app call comes back too: its inner payments match tx-type=pay (indexer semantics).
    expect(notes(index, { addressRole: 0, limit: 100, txType: 'pay' })).toEqual([
      'a',
      'b',
      'c',
      '',
      'd',
      'e',
      'f',
    ])
    expect(notes(index, { addressRole: 0, limit: 100, address: bob.addr })).toEqual([
      'f',
      '', // the app call whose inner payment paid bob
      'c',
      'b',
      'a',
    ])
  })

  it('returns the root once when inner transactions match', () => {
    const index = buildIndex()
    const page = searchTransactions(index, {
      addressRole: ROLE.receiver,
      limit: 100,
      address: carol.addr,
    })
    // carol received an inner payment (in round 2) and two top-level ones.
    expect(positions(index, page.rows)).toEqual(['3/0', '2/0', '1/2'])
  })

  it('pages through results with next tokens, forward and backward', () => {
    const index = buildIndex()
    const collect = (base: TxnFilter): string[] => {
      const seen: string[] = []
      let next: TxnFilter['next']
      for (let i = 0; i < 20; i++) {
        const page = searchTransactions(index, { ...base, limit: 2, next })
        seen.push(...positions(index, page.rows))
        if (page.nextToken === undefined) break
        next = decodeTxnNext(page.nextToken)
      }
      return seen
    }
    expect(collect({ addressRole: 0, limit: 2 })).toEqual([
      '1/0',
      '1/1',
      '1/2',
      '2/0',
      '2/4',
      '3/0',
      '3/1',
    ])
    expect(collect({ addressRole: 0, limit: 2, address: alice.addr })).toEqual([
      '3/1',
      '3/0',
      '2/4',
      '2/0',
      '1/1',
      '1/0',
    ])
  })

  it('returns the matching rows themselves for application logs', () => {
    const index = buildIndex()
    const page = searchTransactions(index, {
      addressRole: 0,
      limit: 10,
      creatable: APP,
      requireLogs: true,
      matchingRows: true,
    })
    expect(positions(index, page.rows)).toEqual(['2/0', '2/1'])
    expect(page.rows.map((seq) => index.rootOf(seq))).toEqual([page.rows[0], page.rows[0]])
  })

  it('filters by rounds, times, notes and amounts', () => {
    const index = buildIndex()
    const base = { addressRole: 0, limit: 100 }
    expect(notes(index, { ...base, minRound: 2, maxRound: 2, txType: 'appl' })).toEqual([''])
    expect(notes(index, { ...base, afterTime: 1_700_000_015_000 })).toEqual(['e', 'f'])
    expect(notes(index, { ...base, beforeTime: 1_700_000_010_000 })).toEqual(['a', 'b', 'c'])
    expect(notes(index, { ...base, notePrefix: new TextEncoder().encode('e') })).toEqual(['e'])
    expect(notes(index, { ...base, algosGT: 3n, algosLT: 9n, txType: 'pay' })).toEqual([
      '', // the app call, found through its inner payments of 5 and 7
      'd',
      'e',
    ])
    expect(notes(index, { ...base, sigType: 'sig', minRound: 3 })).toEqual(['e', 'f'])
  })

  it('round-trips next tokens in the indexer format', () => {
    const token = encodeTxnNext({ round: 258, intra: 3 })
    expect(Buffer.from(token, 'base64url')).toEqual(
      Buffer.from([2, 1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0]),
    )
    expect(decodeTxnNext(token)).toEqual({ round: 258, intra: 3 })
    expect(() => decodeTxnNext('AAAA')).toThrow('unable to parse next token')
  })
})
