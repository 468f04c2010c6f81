/**
 * A trade as the web app makes one: the signer signs the builder's group, the marketplace's
 * send_tx stores it, and the caller waits until the worker has sent it and the chain follower has
 * recorded the result. The API calls are injected, so this module knows nothing of our REST API.
 */
import type { UnsignedGroup } from '../builders/group.js'
import type { GroupSigner } from './chain.js'

export interface OperationState {
  readonly isPending: boolean
  readonly isExecuted: boolean
  readonly failureReason: string | null
}

export interface TradeApi<Operation extends string = string> {
  /** send_tx: hands over the signed group; answers the operation's id. */
  readonly sendTx: (signed: Uint8Array[], operation: Operation) => Promise<string>
  /** The operation's state as the API reports it. */
  readonly operation: (id: string) => Promise<OperationState>
}

export interface TradeOptions {
  /** How long to wait for the follower; 60 s by default. */
  readonly timeoutMs?: number
  readonly pollMs?: number
  /** Called before each look at the operation (tests run the worker's steps here). */
  readonly beforePoll?: (operationId: string) => Promise<void>
}

export class TradeFailed extends Error {
  override readonly name = 'TradeFailed'
  /** The chain's reason as the API reported it; null on a timeout or when none was given. */
  readonly reason: string | null
  constructor(message: string, reason: string | null = null) {
    super(message)
    this.reason = reason
  }
}

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms)
  })

/** The first half of a trade: signs `group` and hands it to send_tx; answers the operation's id. */
export async function submitTrade<Operation extends string>(
  sign: GroupSigner,
  api: TradeApi<Operation>,
  group: UnsignedGroup,
  operation: Operation,
): Promise<string> {
  return api.sendTx(await sign(group), operation)
}

/**
 * One look at a submitted trade: true once it executed, false while it is pending; throws
 * TradeFailed with the chain's reason when it failed. Callers that schedule their own looks (the
 * web's action queue) use this; the others use sendTrade.
 */
export async function tradeSettled<Operation extends string>(
  api: TradeApi<Operation>,
  operationId: string,
  operation: Operation,
): Promise<boolean> {
  const state = await api.operation(operationId)
  if (state.isPending) return false
  if (state.isExecuted) return true
  throw new TradeFailed(
    `${operation} failed: ${state.failureReason ?? 'no reason given'}`,
    state.failureReason,
  )
}

/**
 * Signs `group`, sends it through send_tx as `operation` and waits until the operation is settled;
 * answers its id, or throws TradeFailed with the chain's reason (or on timeout).
 */
export async function sendTrade<Operation extends string>(
  sign: GroupSigner,
  api: TradeApi<Operation>,
  group: UnsignedGroup,
  operation: Operation,
  options: TradeOptions = {},
): Promise<string> {
  const id = await submitTrade(sign, api, group, operation)
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  for (;;) {
    await options.beforePoll?.(id)
    if (await tradeSettled(api, id, operation)) return id
    if (Date.now() > deadline) {
      throw new TradeFailed(
        `${operation} still pending after ${String(options.timeoutMs ?? 60_000)} ms`,
      )
    }
    await sleep(options.pollMs ?? 50)
  }
}
