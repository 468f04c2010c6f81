/**
 * POST /api/operations/send_tx/ (docs/product.md §7).
 *
 * send_tx never trusts the blob: it must decode to one complete signed trade group of the declared
 * operation (signed-group.ts), for this network, not yet expired, calling one of our managers,
 * read with the protocol of the contract version that manager runs (stored on its asset).
 * It is stored at once and answered with its operation_id; the sender submits it. The app call's
 * transaction id is the operation's identity, so the same group sent twice is one operation.
 */
import type algosdk from 'algosdk'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { CURRENT_VERSION } from '@unica/contracts'
import { API } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { readableVersion } from '../chain/contract-version.js'
import { ApiError, badRequest } from '../errors.js'
import { GroupError, decodeSignedGroup, readDecodedGroup } from '../chain/signed-group.js'
import { endpoint } from './register.js'

export interface SendTxContext extends RouteContext {
  /** Called after a group is stored (the in-process sender wakes up). */
  readonly onOperationQueued?: () => void
}

/** Open operations one account may have queued at a time (send_tx is public: bound what it holds). */
const MAX_OPEN_PER_SENDER = 16

/** How far ahead of the chain a group's first valid round may be. */
const MAX_ROUNDS_AHEAD = 10n

/** The chain's current round, asked of algod at most every two seconds; null when unreachable. */
function currentRound(algod: algosdk.Algodv2): (fresh?: boolean) => Promise<bigint | null> {
  let cached: { at: number; round: bigint } | null = null
  return async (fresh = false) => {
    if (!fresh && cached !== null && Date.now() - cached.at < 2000) return cached.round
    try {
      const { lastRound } = await algod.status().do()
      cached = { at: Date.now(), round: lastRound }
      return lastRound
    } catch {
      // algod unreachable: the group is still stored; the sender checks it against the chain.
      return null
    }
  }
}

const invalid = (field: string, message: string): Error =>
  badRequest('Invalid signed transaction group.', { [field]: [message] })

/** Runs a step of signed-group.ts, its refusal as a 400 on the field it blames. */
function checked<T>(step: () => T): T {
  try {
    return step()
  } catch (e) {
    if (e instanceof GroupError) throw invalid(e.field, e.message)
    throw e
  }
}

export function sendTxRoutes(ctx: SendTxContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  const round = currentRound(ctx.chain.algod)
  return (app, _options, done) => {
    app.route({
      ...endpoint(API.sendTx),
      config: { rateLimit: { max: ctx.rateLimit.max, timeWindow: ctx.rateLimit.windowMs } },
      handler: async (request, reply) => {
        const decoded = checked(() => decodeSignedGroup(request.body.blob))
        // An app id beyond bigint range is no app we registered: findAsset finds nothing. A group
        // for no app of ours is read as the current version, so the refusal below comes after
        // what is wrong with the group itself, as before versions were stored.
        const asset = await repos.findAsset({ applicationId: decoded.calledApp })
        const version =
          asset === undefined ? CURRENT_VERSION : readableVersion(asset.contractVersion)
        if (version === null) {
          throw invalid('blob', 'The contract runs a version this server cannot read.')
        }
        const g = checked(() => readDecodedGroup(decoded, request.body.operation, version))
        if (g.genesisHash !== ctx.chain.genesisHash) {
          throw invalid('blob', 'The group is for another network.')
        }
        // A cached round errs low: lenient on expiry; "not valid yet" is checked afresh.
        let now = await round()
        if (now !== null && g.lastValid <= now) {
          throw invalid('blob', 'The group has expired: sign it again.')
        }
        if (now !== null && g.firstValid > now + MAX_ROUNDS_AHEAD) now = await round(true)
        if (now !== null && g.firstValid > now + MAX_ROUNDS_AHEAD) {
          throw invalid('blob', 'The group is not valid yet.')
        }
        if (asset === undefined) {
          throw invalid('blob', 'The group does not call a Unica contract.')
        }
        if ((await repos.countOpenOperations(g.sender, g.txId)) >= MAX_OPEN_PER_SENDER) {
          throw new ApiError(429, 'Too many operations of this account are still pending.')
        }
        const { id, created } = await repos.queueSignedGroup({
          assetGuid: asset.guid,
          applicationId: g.appId,
          opType: g.operation,
          value: g.value,
          sender: g.sender,
          txId: g.txId,
          groupId: g.groupId,
          signedGroup: Buffer.concat(g.signed),
        })
        ctx.onOperationQueued?.()
        return reply.code(created ? 201 : 200).send({ operation_id: id.toString() })
      },
    })

    done()
  }
}
