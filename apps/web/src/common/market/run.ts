/**
 * Runs a plan through the action queue: each opt-in is signed, sent to algod and verified by
 * polling the account until the opt-in shows; the trade goes the one way every trade goes
 * (@unica/contracts/flows: signed, handed to send_tx, its operation looked at until settled), with
 * the queue scheduling the looks (docs/product.md §4).
 */
import { submitTrade, TradeFailed, tradeSettled, type TradeApi } from '@unica/contracts/flows'
import type { SendOperation } from '@unica/schemas'
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

/** send_tx and the operation's state through the typed client, as the flows module asks for them. */
function tradeApi(s: Services): TradeApi<SendOperation> {
  return {
    sendTx: async (signed, operation) =>
      (await s.api.sendTx({ body: { blob: ChainSession.blob(signed), operation } })).operation_id,
    operation: async (id) => {
      const op = await s.api.getOperation({ params: { id } })
      return {
        isPending: op.is_pending,
        isExecuted: op.is_executed,
        failureReason: op.failure_reason ?? null,
      }
    },
  }
}

/** Runs every step in order; resolves with the trade's transaction id once it executed. */
export async function runPlan(s: Services, plan: Plan): Promise<string> {
  const { walletName, address } = s.store.get()
  if (walletName === null || address === null) throw new UserError(MESSAGES.accounts)
  const chain = await s.chain()
  const trades = tradeApi(s)

  const pushes = plan.steps.map((step) => {
    if (step.kind === 'trade') {
      return s.queue.push({
        message: STEP_MESSAGES.trade,
        run: () =>
          submitTrade((g) => chain.sign(walletName, g), trades, step.group, step.operation),
        verify: async (operationId: string) => {
          try {
            return await tradeSettled(trades, operationId, step.operation)
          } catch (error) {
            if (!(error instanceof TradeFailed)) throw error
            throw new UserError(ledgerMessage(error.reason ?? '') ?? MESSAGES.operationFailed)
          }
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
