/**
 * The admin CLI: `npm run admin -- staff add|remove|list [ADDRESS...]`. Staff are managed here or
 * in the staff console (a signed-in staff session), never through the public API
 * (docs/security.md W16); each change is audited, as actor `cli` here. Uses the server's database configuration
 * (DATABASE_URL, also beside a running server, or the embedded database in DATA_DIR, which the
 * server must not hold open).
 */
import { staffCommand } from './cli/staff.js'
import { databaseConfig } from './config.js'
import { migrate, openDatabase } from './db/index.js'

try {
  const database = await openDatabase(databaseConfig())
  try {
    await migrate(database)
    process.exitCode = await staffCommand(database, process.argv.slice(2), (line) => {
      console.log(line)
    })
  } finally {
    await database.close()
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
