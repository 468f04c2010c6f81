/**
 * `npm run bench -- launcher`: how long a fresh in-memory Unica (devnet, PGlite database with
 * migrations, server, worker) takes to start and stop, as browser tests start one per test. The
 * baseline, measured in the same run, is one PGlite initdb: what each start would also pay
 * without the launcher's template cluster. Best of several runs after a warm-up.
 */
import { openDatabase } from '@unica/server'
import { startUnica } from '@unica/launcher'

const REPS = 5

async function best(reps: number, fn: () => Promise<void>): Promise<number> {
  await fn() // warm-up: module loading, the JIT, the template cluster
  let fastest = Number.POSITIVE_INFINITY
  for (let i = 0; i < reps; i++) {
    const start = performance.now()
    await fn()
    fastest = Math.min(fastest, performance.now() - start)
  }
  return fastest
}

export async function main(): Promise<void> {
  const initdb = await best(3, async () => {
    const database = await openDatabase({})
    await database.close()
  })
  const startStop = await best(REPS, async () => {
    const unica = await startUnica({ webDist: null })
    await unica.stop()
  })
  console.log(`baseline: PGlite initdb (fresh empty database)   ${initdb.toFixed(0)} ms`)
  console.log(
    `fresh Unica in memory, start + stop               ${startStop.toFixed(0)} ms  (${(startStop / initdb).toFixed(2)}x the baseline)`,
  )
}
