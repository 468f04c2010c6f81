/**
 * Readiness (/readyz): can this instance serve? The database answers, algod answers within a
 * timeout, and the follower (whichever process runs it) is within `maxLagRounds` of algod's last
 * round. The lag is read from the database's cursor, so every API instance answers the same
 * whether or not it runs the follower.
 */
import type algosdk from 'algosdk'
import type { Database } from '../db/index.js'
import { FOLLOWER_CURSOR, readCursor } from '../db/repositories/chain-cursor.js'
import { ping } from '../db/repositories/health.js'

export interface ReadinessOptions {
  /** READY_MAX_LAG_ROUNDS: the follower may be this many rounds behind algod (default 20). */
  readonly maxLagRounds: number
  /** Each check's bound (database, algod); a slower answer is a failure. */
  readonly timeoutMs: number
}

export const DEFAULT_READINESS: ReadinessOptions = { maxLagRounds: 20, timeoutMs: 2000 }

interface Check {
  readonly ok: boolean
  /** Why it failed (absent when ok). */
  readonly error?: string
}

export interface Readiness {
  readonly ok: boolean
  readonly checks: {
    readonly database: Check
    readonly algod: Check & { readonly last_round?: string }
    readonly follower: Check & {
      readonly round?: string
      readonly lag?: string
      readonly max_lag: number
    }
  }
}

/** Rejects after `ms` unless `promise` settled first. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} did not answer within ${String(ms)} ms`))
    }, ms)
  })
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer)
  })
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** algod's last round, within the timeout. */
export async function algodLastRound(algod: algosdk.Algodv2, timeoutMs: number): Promise<bigint> {
  return (await within(algod.status().do(), timeoutMs, 'algod')).lastRound
}

/** The follower's cursor (the last round applied), or undefined before it first ran. */
export function followerRound(database: Database, timeoutMs: number): Promise<bigint | undefined> {
  return within(readCursor(database.db, FOLLOWER_CURSOR), timeoutMs, 'the database')
}

export async function readiness(
  database: Database,
  algod: algosdk.Algodv2,
  options: ReadinessOptions,
): Promise<Readiness> {
  const [db, lastRound, cursor] = await Promise.allSettled([
    within(ping(database.db), options.timeoutMs, 'the database'),
    algodLastRound(algod, options.timeoutMs),
    followerRound(database, options.timeoutMs),
  ])
  const database_: Check = db.status === 'fulfilled' ? { ok: true } : fail(db.reason)
  const algod_ =
    lastRound.status === 'fulfilled'
      ? { ok: true, last_round: lastRound.value.toString() }
      : fail(lastRound.reason)
  const follower = followerCheck(lastRound, cursor, options.maxLagRounds)
  return {
    ok: database_.ok && algod_.ok && follower.ok,
    checks: { database: database_, algod: algod_, follower },
  }
}

function fail(reason: unknown): Check {
  return { ok: false, error: message(reason) }
}

function followerCheck(
  lastRound: PromiseSettledResult<bigint>,
  cursor: PromiseSettledResult<bigint | undefined>,
  maxLag: number,
): Readiness['checks']['follower'] {
  if (cursor.status === 'rejected') return { ...fail(cursor.reason), max_lag: maxLag }
  if (cursor.value === undefined) {
    return { ok: false, error: 'the follower has not run yet', max_lag: maxLag }
  }
  const round = cursor.value.toString()
  if (lastRound.status === 'rejected') {
    return { ok: false, error: 'lag unknown: algod did not answer', round, max_lag: maxLag }
  }
  const lag = lastRound.value > cursor.value ? lastRound.value - cursor.value : 0n
  const ok = lag <= BigInt(maxLag)
  return {
    ok,
    ...(ok ? {} : { error: `the follower is ${lag.toString()} rounds behind algod` }),
    round,
    lag: lag.toString(),
    max_lag: maxLag,
  }
}
