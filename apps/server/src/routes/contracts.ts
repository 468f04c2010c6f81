/**
 * Contract endpoints (docs/product.md §7): compile_* answer our programs as assembled by @unica/avm
 * (no algod compile endpoint); compile_escrow is retired (the escrow is the application account,
 * docs/architecture.md §5.1); submit_contract and submit_configuration move an asset DA → DC → RD
 * only after the chain shows it (verify/contract.ts). Submitting the same thing twice answers the
 * same asset.
 */
import algosdk from 'algosdk'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import {
  CURRENT_VERSION,
  clearProgram,
  managerProgram,
  protocol,
  proxyProgram,
} from '@unica/contracts'
import { API } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { PG_BIGINT_MAX } from '../db/limits.js'
import { storedRoyalty } from '../chain/royalty.js'
import { ApiError, badRequest } from '../errors.js'
import { checkConfiguration, checkCreation, readManager } from '../verify/contract.js'
import { assetJson } from './asset-json.js'
import { baseUrl, writeLimit } from './http.js'
import { endpoint } from './register.js'

/** The app id of a submission; ids beyond bigint range exist on no chain we serve. */
function appIdOf(body: { app_id: string }): bigint {
  const appId = BigInt(body.app_id)
  if (appId > PG_BIGINT_MAX) {
    throw badRequest('Invalid input.', { app_id: ['No such application on chain.'] })
  }
  return appId
}

const compiled = (p: { bytes: Uint8Array; hash: string }) => ({
  hash: p.hash,
  result: Buffer.from(p.bytes).toString('base64'),
})

const ESCROW_RETIRED =
  'compile_escrow is retired: the escrow is the application account itself ' +
  '(algosdk.getApplicationAddress(app_id)), which moves funds only by the manager program.'

export function contractRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  const { chain } = ctx

  /** A submission seen before answers the asset as it is now. */
  const answerAsset = async (guid: string, base: string) => {
    const row = await repos.findShownAsset({ guid })
    if (row === undefined) throw new ApiError(409, 'The asset changed meanwhile. Try again.')
    return assetJson(row, ctx.storage, base)
  }

  const requireStaff = async (address: string): Promise<void> => {
    if (!(await repos.isStaff(address)))
      throw new ApiError(403, "The asset's creator is not staff.")
  }

  return (app, _options, done) => {
    const write = { config: writeLimit(ctx) }
    app.route({
      ...endpoint(API.compileProxy),
      ...write,
      handler: (request) => compiled(proxyProgram(request.body.proxy_id)),
    })
    app.route({
      ...endpoint(API.compileClear),
      ...write,
      handler: () => compiled(clearProgram()),
    })
    app.route({
      ...endpoint(API.compileManager),
      ...write,
      // The current version's program and schema: what a new deploy creates.
      handler: () => {
        const { schema } = protocol(CURRENT_VERSION)
        return {
          ...compiled(managerProgram(CURRENT_VERSION)),
          params: {
            num_local_ints: schema.localInts,
            num_local_byte_slices: schema.localBytes,
            num_global_ints: schema.globalInts,
            num_global_byte_slices: schema.globalBytes,
            extra_program_pages: schema.extraPages,
          },
        }
      },
    })
    app.route({
      ...endpoint(API.compileEscrow),
      ...write,
      handler: async (_request, reply) => {
        await reply.code(410).send({ detail: ESCROW_RETIRED })
      },
    })

    app.route({
      ...endpoint(API.submitContract),
      ...write,
      handler: async (request) => {
        const appId = appIdOf(request.body)
        const state = await readManager(chain, appId)
        const asset = await repos.findAsset({ assetId: state.nftId })
        if (asset === undefined) {
          throw badRequest('Invalid input.', {
            app_id: ["This contract's NFT has not been submitted."],
          })
        }
        const base = baseUrl(ctx, request)
        if (asset.applicationId === appId) return answerAsset(asset.guid, base)
        if (asset.applicationId !== null) {
          throw new ApiError(409, 'This asset already has a contract.')
        }
        // The manager sets C to the account that paid for its creation, and only the NFT's
        // creator may (packages/contracts): so C = the asset's creator proves who deployed it.
        if (state.creator !== asset.creatorAddress) {
          throw badRequest('Invalid input.', {
            app_id: ["This contract was not deployed by the NFT's creator."],
          })
        }
        await requireStaff(asset.creatorAddress)
        const creator = asset.creatorAddress
        await checkCreation(chain, { txId: request.body.tx_id, appId, creator })
        const row =
          (await repos.bindContract(asset.guid, {
            applicationId: appId,
            escrowAddress: algosdk.getApplicationAddress(appId).toString(),
            contractVersion: state.version,
          })) ?? (await repos.findShownAsset({ guid: asset.guid }))
        if (row?.application_id !== appId.toString())
          throw new ApiError(409, 'This asset already has a contract.')
        return assetJson(row, ctx.storage, base)
      },
    })

    app.route({
      ...endpoint(API.submitConfiguration),
      ...write,
      handler: async (request) => {
        const appId = appIdOf(request.body)
        const asset = await repos.findAsset({ applicationId: appId })
        if (asset === undefined) {
          throw badRequest('Invalid input.', {
            app_id: ['No asset uses this application: submit the contract first.'],
          })
        }
        const base = baseUrl(ctx, request)
        if (asset.status === 'RD') return answerAsset(asset.guid, base)
        const state = await readManager(chain, appId)
        if (state.escrow !== algosdk.getApplicationAddress(appId).toString()) {
          throw badRequest('Invalid input.', { app_id: ['The application is not configured.'] })
        }
        await requireStaff(asset.creatorAddress)
        await checkConfiguration(chain, { txId: request.body.tx_id, appId, creator: state.creator })
        // The creator holds the NFT until the first trade; the chain follower keeps it true after.
        const row = await repos.markConfigured(asset.guid, {
          ownerAddress: asset.ownerAddress ?? asset.creatorAddress,
          holdingAddress: asset.holdingAddress ?? asset.creatorAddress,
          // v2: the split the chain holds replaces the one chosen at creation.
          ...(state.version >= 2 && { royalty: storedRoyalty(state.royalty) }),
        })
        return row === undefined ? answerAsset(asset.guid, base) : assetJson(row, ctx.storage, base)
      },
    })
    done()
  }
}
