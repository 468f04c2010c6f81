/**
 * Users: GET /api/users/{address}/ (unknown addresses are plain non-staff users), and the
 * newsletter and creator-application submissions. Staff are managed with the admin CLI and the
 * staff console (routes/admin.ts), never here.
 */
import algosdk from 'algosdk'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import { badRequest } from '../errors.js'
import { writeLimit } from './http.js'
import { endpoint } from './register.js'

export function userRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  return (app, _options, done) => {
    app.route({
      ...endpoint(API.getUser),
      handler: async (request) => {
        const { address } = request.params
        return { address, is_staff: await repos.isStaff(address) }
      },
    })

    app.route({
      ...endpoint(API.submitNewsletterSubscription),
      config: writeLimit(ctx),
      handler: async (request, reply) => {
        // Emails compare case-insensitively; subscribing twice is not an error (and reveals nothing).
        const email = request.body.email.toLowerCase()
        await repos.subscribe(email)
        return reply.code(201).send({ email })
      },
    })

    app.route({
      ...endpoint(API.submitCreatorApplication),
      config: writeLimit(ctx),
      handler: async (request, reply) => {
        const a = request.body
        if (!algosdk.isValidAddress(a.wallet_address)) {
          throw badRequest('Invalid input.', { wallet_address: ['Must be an Algorand address.'] })
        }
        const id = await repos.insertCreatorApplication({
          walletAddress: a.wallet_address,
          name: a.name,
          email: a.email,
          alias: a.alias,
          about: a.about,
          twitterUrl: a.twitter_url,
          instagramUrl: a.instagram_url,
          facebookUrl: a.facebook_url,
          tiktokUrl: a.tiktok_url,
          behanceUrl: a.behance_url,
          portfolioUrl: a.portfolio_url,
        })
        return reply.code(201).send({ id: id.toString() })
      },
    })
    done()
  }
}
