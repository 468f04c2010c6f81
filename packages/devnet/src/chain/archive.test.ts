/**
 * The block archive's windows: node.go GetPendingTransaction finds confirmed transactions in the
 * rounds latest-1000 .. latest only; blocks themselves stay (LocalNet's algod is archival).
 */
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { base32 } from '../ledger/ids.js'
import { BlockArchive } from './archive.js'
import { encodeHeader, hashHeader, makeHeader } from './block-builder.js'

function header(round: bigint): algosdk.BlockHeader {
  return makeHeader({
    round,
    prev: undefined,
    timestamp: round,
    genesisId: 'devnet-v1',
    genesisHash: new Uint8Array(32),
    proto: 'proto',
    feeSink: algosdk.Address.zeroAddress(),
    rewardsPool: algosdk.Address.zeroAddress(),
    txnCounter: 1000n,
    feesCollected: 0n,
    rewardsRecalculationRound: 500_000n,
  })
}

function add(archive: BlockArchive, round: bigint, ids: Uint8Array[]): void {
  const h = header(round)
  archive.add(
    { round, block: new algosdk.Block({ header: h, payset: [] }), txids: ids.map(base32) },
    {
      header: hashHeader(h).bytes,
      txns: [],
      applyData: [],
      ids: new Uint8Array(Buffer.concat(ids)),
    },
  )
}

describe('BlockArchive', () => {
  it('finds a confirmed txid for 1000 rounds after its own, then forgets it', () => {
    const archive = new BlockArchive()
    add(archive, 0n, [])
    const id = new Uint8Array(32).fill(5)
    add(archive, 1n, [id])
    for (let r = 2n; r <= 1001n; r++) add(archive, r, [])
    expect(archive.confirmedRound(base32(id))).toBe(1n)
    add(archive, 1002n, [])
    expect(archive.confirmedRound(base32(id))).toBeUndefined()
    // The block is still there, rebuilt from its record once out of the cache.
    expect(archive.get(1n)!.txids).toEqual([base32(id)])
    expect(archive.get(1n)!.block.header.timestamp).toBe(1n)
  })

  it('keeps headers for the block opcode and refuses rounds out of order', () => {
    const archive = new BlockArchive()
    add(archive, 0n, [])
    add(archive, 1n, [])
    expect(archive.header(1n)!.timestamp).toBe(1n)
    expect(archive.header(7n)).toBeUndefined()
    expect(() => {
      add(archive, 5n, [])
    }).toThrow('out of order')
    expect(archive.get(2n)).toBeUndefined()
  })
})

describe('encodeHeader', () => {
  it("is byte for byte algosdk's encodeMsgpack, for sparse and full headers", () => {
    const sparse = header(7n)
    expect(encodeHeader(sparse)).toEqual(algosdk.encodeMsgpack(sparse))
    const addr = (n: number) => new algosdk.Address(new Uint8Array(32).fill(n))
    const full = new algosdk.BlockHeader({
      round: 1234567n,
      branch: new Uint8Array(32).fill(1),
      branch512: new Uint8Array(64).fill(2),
      seed: new Uint8Array(32).fill(3),
      txnCommitments: new algosdk.TxnCommitments({
        nativeSha512_256Commitment: new Uint8Array(32).fill(4),
        sha256Commitment: new Uint8Array(32).fill(5),
        sha512Commitment: new Uint8Array(64).fill(6),
      }),
      timestamp: 1_750_000_000n,
      genesisID: 'devnet-v1',
      genesisHash: new Uint8Array(32).fill(7),
      proposer: addr(8),
      feesCollected: 5000n,
      bonus: 9n,
      proposerPayout: 10n,
      rewardState: new algosdk.RewardState({
        feeSink: addr(11),
        rewardsPool: addr(12),
        rewardsLevel: 13n,
        rewardsRate: 14n,
        rewardsResidue: 15n,
        rewardsRecalculationRound: 500_000n,
      }),
      upgradeState: new algosdk.UpgradeState({
        currentProtocol: 'proto-a',
        nextProtocol: 'proto-b',
        nextProtocolApprovals: 16n,
        nextProtocolVoteBefore: 17n,
        nextProtocolSwitchOn: 18n,
      }),
      upgradeVote: new algosdk.UpgradeVote({
        upgradePropose: 'proto-c',
        upgradeDelay: 19n,
        upgradeApprove: true,
      }),
      txnCounter: 2_000_000n,
      stateproofTracking: new Map(),
      participationUpdates: new algosdk.ParticipationUpdates({
        expiredParticipationAccounts: [],
        absentParticipationAccounts: [],
      }),
      load: 20n,
      congestionTax: 21n,
    })
    expect(Buffer.from(encodeHeader(full)).toString('hex')).toBe(
      Buffer.from(algosdk.encodeMsgpack(full)).toString('hex'),
    )
  })

  it('stays exact along a chain whose headers share their constant parts, and after others', () => {
    const genesisHash = new Uint8Array(32).fill(9)
    const feeSink = new algosdk.Address(new Uint8Array(32).fill(1))
    const rewardsPool = new algosdk.Address(new Uint8Array(32).fill(2))
    let prev: ReturnType<typeof hashHeader> | undefined
    for (let round = 0n; round < 6n; round++) {
      const h = makeHeader({
        round,
        prev,
        timestamp: 1_750_000_000n + round,
        genesisId: 'devnet-v1',
        genesisHash,
        proto: 'proto',
        feeSink,
        rewardsPool,
        txnCounter: 1000n + round * 300n,
        feesCollected: round * 1000n,
        rewardsRecalculationRound: 500_000n,
      })
      expect(encodeHeader(h), `round ${round}`).toEqual(algosdk.encodeMsgpack(h))
      prev = hashHeader(h)
      // A header of another chain in between must not borrow this chain's shared fields.
      const other = header(round + 100n)
      expect(encodeHeader(other)).toEqual(algosdk.encodeMsgpack(other))
    }
  })
})
