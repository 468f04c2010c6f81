/**
 * GET /health, /v2/blocks/{round-number} and /v2/block-headers (api/handlers.go MakeHealthCheck,
 * LookupBlock, SearchForBlockHeaders; block fields as hdrRowToBlock fills them).
 */
import { Address, type BlockHeader, indexerModels as im } from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http/server.js'
import { type IndexerContext, sendModel } from './context.js'
import {
  ERR_INVALID_ROUND_MIN_MAX,
  ERR_LOOKING_UP_BLOCK,
  ERR_TRANSACTIONS_LIMIT_REACHED,
  ERR_UNABLE_TO_PARSE_NEXT,
  LIMITS,
} from './messages.js'
import { pathUint, Query, tryParseAddress } from './query.js'
import { rootTransactions } from './txn-model.js'
import { roundsInTime } from './txn-search.js'

/** The indexer's version string, with a suffix that says what this is. */
const INDEXER_VERSION = '3.8.0-devnet'

function nonZeroAddress(a: Address): Address | undefined {
  return a.publicKey.some((b) => b !== 0) ? a : undefined
}

function blockModel(header: BlockHeader, transactions?: im.Transaction[]): im.Block {
  const r = header.rewardState
  const u = header.upgradeState
  const v = header.upgradeVote
  const p = header.participationUpdates
  const expired = p.expiredParticipationAccounts.map((a) => a.toString())
  const absent = p.absentParticipationAccounts.map((a) => a.toString())
  const tracking = [...header.stateproofTracking.entries()]
    .sort(([a], [b]) => a - b)
    .map(
      ([type, t]) =>
        new im.StateProofTracking({
          type,
          nextRound: t.stateProofNextRound,
          onlineTotalWeight: t.stateProofOnlineTotalWeight,
          votersCommitment: t.stateProofVotersCommitment,
        }),
    )
  return new im.Block({
    round: header.round,
    timestamp: header.timestamp,
    genesisHash: header.genesisHash,
    genesisId: header.genesisID,
    previousBlockHash: header.branch,
    previousBlockHash512: header.branch512.some((b) => b !== 0) ? header.branch512 : undefined,
    seed: header.seed,
    transactionsRoot: header.txnCommitments.nativeSha512_256Commitment,
    transactionsRootSha256: header.txnCommitments.sha256Commitment,
    transactionsRootSha512: header.txnCommitments.sha512Commitment,
    txnCounter: header.txnCounter,
    proposer: nonZeroAddress(header.proposer),
    feesCollected: header.feesCollected,
    bonus: header.bonus,
    proposerPayout: header.proposerPayout,
    rewards: new im.BlockRewards({
      feeSink: r.feeSink.toString(),
      rewardsPool: r.rewardsPool.toString(),
      rewardsCalculationRound: r.rewardsRecalculationRound,
      rewardsLevel: r.rewardsLevel,
      rewardsRate: r.rewardsRate,
      rewardsResidue: r.rewardsResidue,
    }),
    upgradeState: new im.BlockUpgradeState({
      currentProtocol: u.currentProtocol,
      nextProtocol: u.nextProtocol,
      nextProtocolApprovals: u.nextProtocolApprovals,
      nextProtocolSwitchOn: u.nextProtocolSwitchOn,
      nextProtocolVoteBefore: u.nextProtocolVoteBefore,
    }),
    upgradeVote: new im.BlockUpgradeVote({
      upgradeApprove: v.upgradeApprove,
      upgradeDelay: v.upgradeDelay,
      upgradePropose: v.upgradePropose,
    }),
    participationUpdates:
      expired.length + absent.length > 0
        ? new im.ParticipationUpdates({
            expiredParticipationAccounts: expired,
            absentParticipationAccounts: absent,
          })
        : undefined,
    stateProofTracking: tracking,
    transactions,
  })
}

function addressSet(q: Query, name: string, errors: string[]): Set<string> | undefined {
  const values = q.list(name)
  if (values === undefined) return undefined
  const out = new Set<string>()
  for (const value of values) {
    const parsed = tryParseAddress(value)
    if (parsed instanceof Address) out.add(parsed.toString())
    else
      errors.push(
        `unable to parse ${name === 'proposers' ? 'proposer' : name} address \`${value}\`: ${parsed}`,
      )
  }
  return out
}

export function registerBlockRoutes(app: FastifyInstance, ctx: IndexerContext): void {
  app.get('/health', async (_req, reply) => {
    const round = ctx.index.round
    await sendModel(
      reply,
      new im.HealthCheck({
        dbAvailable: true,
        isMigrating: false,
        message: round.toString(),
        round,
        version: INDEXER_VERSION,
      }),
    )
  })

  app.get<{ Params: { round?: string } }>('/v2/blocks/:round', async (req, reply) => {
    const round = pathUint('round-number', req.params.round)
    const headerOnly = new Query(req.query).bool('header-only') ?? false
    const block = round <= ctx.index.round ? ctx.chain.block(round) : undefined
    if (block === undefined) {
      throw new HttpError(404, `${ERR_LOOKING_UP_BLOCK} '${round}': block not found`)
    }
    let transactions: im.Transaction[] | undefined
    if (!headerOnly) {
      const roots = ctx.index.txns.rootsOfRound(Number(round))
      if (roots.length > LIMITS.transactions.max) {
        throw new HttpError(400, ERR_TRANSACTIONS_LIMIT_REACHED)
      }
      transactions = rootTransactions(ctx.index.txns, roots)
    }
    await sendModel(reply, blockModel(block.block.header, transactions))
  })

  app.get('/v2/block-headers', async (req, reply) => {
    const q = new Query(req.query)
    const limit = q.limit(LIMITS.blocks)
    const next = q.str('next')
    const minRound = q.uint('min-round')
    const maxRound = q.uint('max-round')
    const beforeTime = q.dateTime('before-time')
    const afterTime = q.dateTime('after-time')
    const errors: string[] = []
    if (minRound !== undefined && maxRound !== undefined && minRound > maxRound) {
      errors.push(ERR_INVALID_ROUND_MIN_MAX)
    }
    let from = minRound ?? 0n
    if (next !== undefined) {
      const bytes = /^[A-Za-z0-9_-]*={0,2}$/.test(next) ? Buffer.from(next, 'base64url') : undefined
      if (bytes?.length !== 8) errors.push(ERR_UNABLE_TO_PARSE_NEXT)
      else if (bytes.readBigUInt64LE(0) + 1n > from) from = bytes.readBigUInt64LE(0) + 1n
    }
    const lists = ['proposers', 'expired', 'absent'].map((n) => addressSet(q, n, errors))
    if (lists.filter((l) => l !== undefined).length > 1) {
      errors.push('only one of `proposer`, `expired`, or `absent` can be specified')
    }
    if (errors.length > 0) throw new HttpError(400, errors.join('\n'))
    const [proposers, expired, absent] = lists
    const txns = ctx.index.txns
    const [first, last] = roundsInTime(
      txns,
      from > BigInt(txns.lastRound) ? txns.lastRound + 1 : Number(from),
      maxRound !== undefined && maxRound < BigInt(txns.lastRound)
        ? Number(maxRound)
        : txns.lastRound,
      beforeTime,
      afterTime,
    )
    const blocks: im.Block[] = []
    for (let r = first; r <= last && blocks.length < limit; r++) {
      const header = ctx.chain.block(BigInt(r))?.block.header
      if (header === undefined) continue
      const p = header.participationUpdates
      if (proposers && !proposers.has(header.proposer.toString())) continue
      if (expired && !p.expiredParticipationAccounts.some((a) => expired.has(a.toString())))
        continue
      if (absent && !p.absentParticipationAccounts.some((a) => absent.has(a.toString()))) continue
      blocks.push(blockModel(header))
    }
    const lastBlock = blocks.at(-1)
    let nextToken: string | undefined
    if (lastBlock !== undefined) {
      const b = Buffer.alloc(8)
      b.writeBigUInt64LE(lastBlock.round)
      nextToken = b.toString('base64url')
    }
    await sendModel(
      reply,
      new im.BlockHeadersResponse({ currentRound: ctx.index.round, nextToken, blocks }),
    )
  })
}
