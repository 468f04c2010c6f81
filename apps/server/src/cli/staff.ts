/**
 * `staff add|remove|list`: the admin CLI's one command (src/admin.ts runs it). Each change goes
 * through the same repository functions as the staff console: under the staff lock, with its
 * audit row (actor `cli`) in the same transaction, and never removing the last staff account. On
 * PostgreSQL it runs beside a live server (DATABASE_URL).
 */
import algosdk from 'algosdk'
import type { Database } from '../db/index.js'
import { appendAudit, CLI_ACTOR } from '../db/repositories/audit-log.js'
import { addStaff, lockStaff, removeStaff, staffAddresses } from '../db/repositories/users.js'

const USAGE = `usage: npm run admin -- staff add ADDRESS...
       npm run admin -- staff remove ADDRESS...
       npm run admin -- staff list`

export async function staffCommand(
  database: Database,
  args: readonly string[],
  print: (line: string) => void,
): Promise<number> {
  const [group, action, ...addresses] = args
  if (group !== 'staff' || args.length < 2) {
    print(USAGE)
    return 2
  }
  if (action === 'list') {
    for (const address of await staffAddresses(database.db)) print(address)
    return 0
  }
  if ((action !== 'add' && action !== 'remove') || addresses.length === 0) {
    print(USAGE)
    return 2
  }
  const invalid = addresses.filter((a) => !algosdk.isValidAddress(a))
  if (invalid.length > 0) {
    print(`not an Algorand address: ${invalid.join(', ')}`)
    return 2
  }
  let code = 0
  for (const address of addresses) {
    const line = await database.transaction(async (session) => {
      await lockStaff(session)
      if (action === 'add') {
        if (await addStaff(session.db, address)) {
          await appendAudit(session.db, { actor: CLI_ACTOR, action: 'staff.add', target: address })
        }
        return `${address} is staff`
      }
      const removal = await removeStaff(session.db, address)
      if (removal === 'removed') {
        await appendAudit(session.db, { actor: CLI_ACTOR, action: 'staff.remove', target: address })
        return `${address} is no longer staff`
      }
      if (removal === 'not-staff') return `${address} is not staff`
      code = 1
      return `${address} is the last staff account: not removed (add another first)`
    })
    print(line)
  }
  return code
}
