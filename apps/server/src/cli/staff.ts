/** `staff add|remove|list`: the admin CLI's one command (src/admin.ts runs it). */
import algosdk from 'algosdk'
import type { Database } from '../db/index.js'
import { setStaff, staffAddresses } from '../db/repositories/users.js'

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
  const { db } = database
  if (action === 'list') {
    for (const address of await staffAddresses(db)) print(address)
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
  const isStaff = action === 'add'
  for (const address of addresses) {
    await setStaff(db, address, isStaff)
    print(`${address} ${isStaff ? 'is staff' : 'is no longer staff'}`)
  }
  return 0
}
