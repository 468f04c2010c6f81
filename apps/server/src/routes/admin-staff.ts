/**
 * The console's staff: list, add, remove. Every change takes the staff lock first
 * (repositories/users.ts `lockStaff`), so the last staff account can never be removed, even by two
 * removals at once (409).
 */
import algosdk from 'algosdk'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API } from '@unica/schemas'
import type { AppContext } from '../context.js'
import { appendAudit } from '../db/repositories/audit-log.js'
import { addStaff, lockStaff, removeStaff, staffAddresses } from '../db/repositories/users.js'
import { ApiError, badRequest, notFound } from '../errors.js'
import { staffOf } from './admin.js'
import { writeLimit } from './http.js'
import { endpoint } from './register.js'

/** The route's address, if its checksum is right (the schema only checks its alphabet). */
function checkedAddress(address: string): string {
  if (!algosdk.isValidAddress(address)) {
    throw badRequest('Invalid input.', { address: ['Must be an Algorand address.'] })
  }
  return address
}

export function staffRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const { database } = ctx
  return (app, _options, done) => {
    const limits = { config: writeLimit(ctx) }

    app.route({
      ...endpoint(API.listStaff),
      handler: async () => ({
        results: (await staffAddresses(database.db)).map((address) => ({ address })),
      }),
    })

    app.route({
      ...endpoint(API.addStaff),
      ...limits,
      handler: async (request) => {
        const address = checkedAddress(request.params.address)
        const actor = staffOf(request)
        await database.transaction(async (session) => {
          await lockStaff(session)
          // Adding an account that is staff already changes nothing, so it records nothing.
          if (await addStaff(session.db, address)) {
            await appendAudit(session.db, { actor, action: 'staff.add', target: address })
          }
        })
        return { address, is_staff: true }
      },
    })

    app.route({
      ...endpoint(API.removeStaff),
      ...limits,
      handler: async (request) => {
        const address = checkedAddress(request.params.address)
        const actor = staffOf(request)
        await database.transaction(async (session) => {
          await lockStaff(session)
          const removal = await removeStaff(session.db, address)
          if (removal === 'not-staff') throw notFound('This account is not staff.')
          if (removal === 'last') {
            throw new ApiError(409, 'The last staff account cannot be removed.')
          }
          await appendAudit(session.db, { actor, action: 'staff.remove', target: address })
        })
        return { address, is_staff: false }
      },
    })
    done()
  }
}
