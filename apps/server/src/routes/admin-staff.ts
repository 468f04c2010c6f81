/**
 * The console's staff: list, add, remove. Every change takes the staff lock first
 * (repositories/users.ts `lockStaff`), so the last staff account can never be removed, even by two
 * removals at once (409).
 */
import algosdk from 'algosdk'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { API } from '@unica/schemas'
import type { RouteContext } from '../context.js'
import type { TransactionRepositories } from '../db/repositories/for-routes.js'
import { ApiError, badRequest, notFound } from '../errors.js'
import { staffOf } from './admin-guard.js'
import { writeLimit } from './http.js'
import { endpoint } from './register.js'

/** The route's address, if its checksum is right (the schema only checks its alphabet). */
function checkedAddress(address: string): string {
  if (!algosdk.isValidAddress(address)) {
    throw badRequest('Invalid input.', { address: ['Must be an Algorand address.'] })
  }
  return address
}

export function staffRoutes(ctx: RouteContext): FastifyPluginCallbackZod {
  const { repos } = ctx
  return (app, _options, done) => {
    const limits = { config: writeLimit(ctx) }

    app.route({
      ...endpoint(API.listStaff),
      handler: async () => ({
        results: (await repos.staffAddresses()).map((address) => ({ address })),
      }),
    })

    /**
     * One staff change under the staff lock: `change` makes it (or refuses it) and says whether
     * anything changed; only a change is recorded in the audit log.
     */
    async function changeStaff(
      request: FastifyRequest<{ Params: { address: string } }>,
      action: 'staff.add' | 'staff.remove',
      change: (tx: TransactionRepositories, address: string) => Promise<boolean>,
    ): Promise<string> {
      const address = checkedAddress(request.params.address)
      const actor = staffOf(request)
      await repos.transaction(async (tx) => {
        await tx.lockStaff()
        if (await change(tx, address)) {
          await tx.appendAudit({ actor, action, target: address })
        }
      })
      return address
    }

    app.route({
      ...endpoint(API.addStaff),
      ...limits,
      // Adding an account that is staff already changes nothing, so it records nothing.
      handler: async (request) => ({
        address: await changeStaff(request, 'staff.add', (tx, address) => tx.addStaff(address)),
        is_staff: true,
      }),
    })

    app.route({
      ...endpoint(API.removeStaff),
      ...limits,
      handler: async (request) => ({
        address: await changeStaff(request, 'staff.remove', async (tx, address) => {
          const removal = await tx.removeStaff(address)
          if (removal === 'not-staff') throw notFound('This account is not staff.')
          if (removal === 'last') {
            throw new ApiError(409, 'The last staff account cannot be removed.')
          }
          return true
        }),
        is_staff: false,
      }),
    })
    done()
  }
}
