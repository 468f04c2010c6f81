/**
 * Users: GET /api/users/{address}/ (unknown addresses are plain non-staff users), and the
 * newsletter and creator-application submissions. Staff are managed with the admin CLI only.
 */
import { eq } from 'drizzle-orm'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { Address, User } from '@unica/schemas'
import { z } from 'zod'
import type { AppContext } from '../context.js'
import { users } from '../db/index.js'

export function userRoutes(ctx: AppContext): FastifyPluginCallbackZod {
  const { db } = ctx.database
  return (app, _options, done) => {
    app.get(
      '/api/users/:address/',
      {
        schema: {
          tags: ['users'],
          params: z.object({ address: Address }),
          response: { 200: User },
        },
      },
      async (request) => {
        const { address } = request.params
        const rows = await db
          .select({ isStaff: users.isStaff })
          .from(users)
          .where(eq(users.address, address))
        return { address, is_staff: rows.at(0)?.isStaff ?? false }
      },
    )
    done()
  }
}
