/** The worker's own settings, from the environment (documented in apps/server/README.md, "Worker"). */

export interface WorkerConfig {
  /** FOLLOWER_START_ROUND: the first round a fresh database follows; default the current round. */
  readonly followerStartRound: bigint | undefined
  /** OPERATOR_MNEMONIC: the account that settles ended auctions (worker/operator.ts). */
  readonly operatorMnemonic: string | undefined
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const words = env.OPERATOR_MNEMONIC?.trim()
  const operatorMnemonic = words === undefined || words === '' ? undefined : words
  const raw = env.FOLLOWER_START_ROUND?.trim()
  if (raw === undefined || raw === '') return { followerStartRound: undefined, operatorMnemonic }
  if (!/^(0|[1-9][0-9]{0,18})$/.test(raw)) {
    throw new Error(`FOLLOWER_START_ROUND must be a round number, not "${raw}"`)
  }
  return { followerStartRound: BigInt(raw), operatorMnemonic }
}
