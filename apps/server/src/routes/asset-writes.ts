/**
 * POST /api/assets/validate_asset/ and POST /api/assets/submit_asset/ (docs/product.md §4, §5, §7).
 *
 * submit_asset trusts nothing it is sent: the asset must exist on chain with the marketplace NFT
 * shape, its creator must be staff, its metadata hash must be a guid no other asset uses, and the
 * upload must carry the creator's signed proof (verify/upload-proof.ts, docs/security.md W11). The
 * image is decoded only after all that, so anonymous uploads cost us no image work. The stored
 * image is also added to the IPFS store, and its CID kept with the asset (docs/ipfs.md §5).
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import {
  CURRENT_VERSION,
  guidOfMetadataHash,
  isMarketplaceNft,
  royaltyProblem,
} from '@unica/contracts'
import {
  API,
  ASSET_MESSAGES,
  assetFieldProblems,
  IMAGE_MESSAGES,
  imageFormat,
} from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { PG_BIGINT_MAX } from '../db/limits.js'
import { ApiError, badRequest } from '../errors.js'
import { InvalidImage, inspectImage, processImage } from '../media/images.js'
import { orNotFound } from '../verify/chain-read.js'
import { uploadProofProblem } from '../verify/upload-proof.js'
import { assetJson } from './asset-json.js'
import { readForm } from './form.js'
import { baseUrl, writeLimit } from './http.js'
import { endpoint } from './register.js'

export function assetWriteRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  const { chain, storage } = ctx

  return (app, _options, done) => {
    app.route({
      ...endpoint(API.validateAsset),
      config: writeLimit(ctx),
      handler: async (request, reply) => {
        const { fields, files } = await readForm(request, API.validateAsset.body)
        const file = files.image
        const values = {
          unit_name: fields.unit_name ?? '',
          name: fields.name ?? '',
          description: fields.description ?? '',
        }
        const problems = assetFieldProblems(values)
        if (problems.name === undefined && (await repos.assetNameTaken(values.name))) {
          problems.name = [ASSET_MESSAGES.duplicateName]
        }
        // The image is optional here (the web app checks it before upload), but checked if sent.
        if (file !== undefined) {
          if (file.tooLarge) problems.image = [IMAGE_MESSAGES.tooLarge]
          else {
            await inspectImage(file.bytes).catch((error: unknown) => {
              if (!(error instanceof InvalidImage)) throw error
              problems.image = [error.message]
            })
          }
        }
        if (Object.keys(problems).length > 0) {
          return reply.code(400).send({ detail: 'Invalid input.', ...problems })
        }
        return {}
      },
    })

    app.route({
      ...endpoint(API.submitAsset),
      config: writeLimit(ctx),
      handler: async (request, reply) => {
        const form = await readForm(request, API.submitAsset.body)
        // The fields' own rules (asset_id, proof: SubmitAssetFields), the description's bytes,
        // and the image, all reported at once.
        const problems: Partial<Record<string, string[]>> = { ...form.problems }
        const description = form.fields.description ?? ''
        Object.assign(problems, assetFieldProblems({ description }))
        const image = form.files.image
        if (image === undefined) problems.image = [IMAGE_MESSAGES.required]
        else if (image.tooLarge) problems.image = [IMAGE_MESSAGES.tooLarge]
        else if (imageFormat(image.bytes) === undefined) problems.image = [IMAGE_MESSAGES.invalid]
        const fields = form.parsed
        if (Object.keys(problems).length > 0 || fields === undefined || image === undefined) {
          throw badRequest('Invalid input.', problems)
        }
        const { proof } = fields
        // The split is checked for the version this piece's deploy gets (stored below), as the
        // shared schema did; royaltyProblem also checks each address's checksum.
        const royalty = fields.royalty?.recipients.map((r) => ({ ...r }))
        const royaltyRefused =
          royalty === undefined
            ? null
            : royaltyProblem(
                {
                  recipients: royalty.map((r) => ({ address: r.address, share: BigInt(r.share) })),
                },
                CURRENT_VERSION,
              )
        if (royaltyRefused !== null) {
          throw badRequest('Invalid input.', { royalty: [royaltyRefused] })
        }
        const assetId = BigInt(fields.asset_id)
        if (assetId > PG_BIGINT_MAX) {
          throw badRequest('Invalid input.', { asset_id: ['No such asset on chain.'] })
        }

        const params = (await orNotFound(() => chain.algod.getAssetByID(assetId).do()))?.params
        if (params === undefined) {
          throw badRequest('Invalid input.', { asset_id: ['No such asset on chain.'] })
        }
        const guid = guidOfMetadataHash(params.metadataHash)
        if (!isMarketplaceNft(params) || guid === undefined) {
          throw badRequest('Invalid input.', {
            asset_id: ['Not a marketplace NFT (one unit, no freeze or clawback, a guid hash).'],
          })
        }
        const creator = params.creator
        if (!(await repos.isStaff(creator))) {
          throw new ApiError(403, "The asset's creator is not staff.")
        }
        const account = await orNotFound(() =>
          chain.algod.accountInformation(creator).exclude('all').do(),
        )
        const proofProblem = uploadProofProblem(proof, {
          assetId,
          creator,
          authAddress: account?.authAddr?.toString(),
          genesisHash: chain.genesisHash,
          image: image.bytes,
          description,
        })
        if (proofProblem !== undefined)
          throw badRequest('Invalid input.', { proof: [proofProblem] })

        let processed
        try {
          processed = await processImage(image.bytes)
        } catch (error) {
          if (error instanceof InvalidImage) {
            throw badRequest('Invalid input.', { image: [error.message] })
          }
          throw error
        }
        const base = baseUrl(ctx, request)
        // Idempotent: the same upload again answers the stored asset; anything else conflicts.
        const answerExisting = async () => {
          const same = await repos.findShownAsset({ assetId })
          if (same === undefined) {
            // The metadata hash must be a new guid: another NFT already claimed this one.
            throw new ApiError(409, 'Another asset already uses this guid.')
          }
          if (
            same.image_path === processed.image.key &&
            same.description === description &&
            JSON.stringify(same.royalty ?? []) === JSON.stringify(royalty ?? [])
          ) {
            return reply.code(200).send(assetJson(same, storage, base))
          }
          throw new ApiError(409, 'This asset was already submitted.')
        }
        if ((await repos.findShownAsset({ assetId })) !== undefined) return answerExisting()
        await storage.put(processed.image.key, processed.image.bytes, processed.image.contentType)
        // The same bytes /media serves: their CID is what a wallet fetching ipfs://{cid} verifies.
        const imageCid = await ctx.ipfs?.add(processed.image.bytes)
        await storage.put(
          processed.thumbnail.key,
          processed.thumbnail.bytes,
          processed.thumbnail.contentType,
        )
        const row = await repos.insertSubmittedAsset({
          guid,
          assetId,
          name: params.name ?? '',
          unitName: params.unitName ?? '',
          description,
          imagePath: processed.image.key,
          thumbnailPath: processed.thumbnail.key,
          imageCid: imageCid?.toString() ?? null,
          creatorAddress: creator,
          // The version it will be deployed with, until submit_contract binds the one it runs.
          contractVersion: CURRENT_VERSION,
          royalty: royalty ?? null,
        })
        // A concurrent submission of this asset won the race (or another asset has its guid).
        if (row === undefined) return answerExisting()
        return reply.code(201).send(assetJson(row, storage, base))
      },
    })
    done()
  }
}
