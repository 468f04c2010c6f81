/**
 * Runs a plan through the action queue: each opt-in is signed, sent to algod and verified by
 * polling the account until the opt-in shows; the trade is signed, handed to the backend's
 * send_tx, and verified by polling its operation (docs/product.md §4).
 */
import { ChainSession } from '../chain/session.js'
import { holds, optedInApp } from '../chain/account.js'
import { invalidateMarket } from '../lib/endpoints.js'
import { MESSAGES, UserError, ledgerMessage } from '../lib/errors.js'
import { refreshAccount } from '../state/session.js'
import type { Services } from '../state/services.js'
import type { Plan, Step } from './plan.js'

const STEP_MESSAGES: Record<Step['kind'], string> = {
  'app-opt-in': 'Opting in to the contract...',
  'asset-opt-in': 'Opting in to the asset...',
  trade: 'Processing action...',
}

/** Runs every step in order; resolves with the trade's transaction id once it executed. */
export async function runPlan(s: Services, plan: Plan): Promise<string> {
  const { walletName, address } = s.store.get()
  if (walletName === null || address === null) throw new UserError(MESSAGES.accounts)
  const chain = await s.chain()

  const pushes = plan.steps.map((step) => {
    if (step.kind === 'trade') {
      return s.queue.push({
        message: STEP_MESSAGES.trade,
        run: async () => {
          const signed = await chain.sign(walletName, step.group)
          const blob = ChainSession.blob(signed)
          const answer = await s.api.sendTx({ body: { blob, operation: step.operation } })
          return answer.operation_id
        },
        verify: async (operationId: string) => {
          const op = await s.api.getOperation({ params: { id: operationId } })
          if (op.is_pending) return false
          if (op.is_executed) return true
          throw new UserError(ledgerMessage(op.failure_reason ?? '') ?? MESSAGES.operationFailed)
        },
      })
    }
    return s.queue.push({
      message: STEP_MESSAGES[step.kind],
      run: async () => chain.send(await chain.sign(walletName, step.group)),
      verify: async () => {
        const account = await chain.readAccount(address)
        s.store.set({ account })
        return step.kind === 'app-opt-in'
          ? optedInApp(account, step.appId)
          : holds(account, step.assetId)
      },
    })
  })
  await Promise.all(pushes)
  const trade = plan.steps.at(-1)!
  const txId = trade.group.txns.at(-1)!.txID()
  s.store.set({ alert: { kind: 'success', text: MESSAGES.txSuccess, txId }, modal: null })
  await Promise.all([invalidateMarket(s.queryClient), refreshAccount(s)])
  return txId
}
