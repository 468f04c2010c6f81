import { describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { group } from '../builders/group.js'
import {
  sendTrade,
  submitTrade,
  tradeSettled,
  TradeFailed,
  type OperationState,
  type TradeApi,
} from './trade.js'

const ADDRESS = algosdk.generateAccount().addr.toString()
const PARAMS: algosdk.SuggestedParams = {
  fee: 1000n,
  flatFee: true,
  minFee: 1000n,
  firstValid: 1n,
  lastValid: 1001n,
  genesisID: 'test',
  genesisHash: new Uint8Array(32),
}
const GROUP = group(
  [
    algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: ADDRESS,
      receiver: ADDRESS,
      amount: 0n,
      suggestedParams: PARAMS,
    }),
  ],
  [{ kind: 'wallet', address: ADDRESS }],
)
const SIGNED = [new Uint8Array([1, 2, 3])]
const pending: OperationState = { isPending: true, isExecuted: false, failureReason: null }

/** An API whose operation answers the given states in turn, recording what it was asked. */
function scripted(states: OperationState[]) {
  const calls: string[] = []
  const api: TradeApi<'BID'> = {
    sendTx: (signed, operation) => {
      expect(signed).toBe(SIGNED)
      calls.push(`send_tx ${operation}`)
      return Promise.resolve('op-1')
    },
    operation: (id) => {
      calls.push(`status ${id}`)
      return Promise.resolve(states.shift() ?? pending)
    },
  }
  return { api, calls }
}

const sign = () => Promise.resolve(SIGNED)

describe('sendTrade', () => {
  it('hands the signed group to send_tx and polls until the operation executed', async () => {
    const { api, calls } = scripted([
      pending,
      { isPending: false, isExecuted: true, failureReason: null },
    ])
    const polled: string[] = []
    const id = await sendTrade(sign, api, GROUP, 'BID', {
      pollMs: 1,
      beforePoll: (operationId) => {
        polled.push(operationId)
        return Promise.resolve()
      },
    })
    expect(id).toBe('op-1')
    expect(calls).toEqual(['send_tx BID', 'status op-1', 'status op-1'])
    expect(polled).toEqual(['op-1', 'op-1'])
  })

  it("fails with the chain's reason when the operation failed", async () => {
    const { api } = scripted([
      { isPending: false, isExecuted: false, failureReason: 'logic eval error: assert failed' },
    ])
    await expect(sendTrade(sign, api, GROUP, 'BID')).rejects.toThrow(
      new TradeFailed(
        'BID failed: logic eval error: assert failed',
        'logic eval error: assert failed',
      ),
    )
  })

  it('gives up after its timeout while the operation is pending', async () => {
    const { api } = scripted([])
    await expect(sendTrade(sign, api, GROUP, 'BID', { timeoutMs: 20, pollMs: 5 })).rejects.toThrow(
      'BID still pending after 20 ms',
    )
  })
})

describe('submitTrade and tradeSettled, for callers that schedule their own looks', () => {
  it('submits once, then reads pending as false, executed as true', async () => {
    const { api, calls } = scripted([
      pending,
      { isPending: false, isExecuted: true, failureReason: null },
    ])
    const id = await submitTrade(sign, api, GROUP, 'BID')
    expect(await tradeSettled(api, id, 'BID')).toBe(false)
    expect(await tradeSettled(api, id, 'BID')).toBe(true)
    expect(calls).toEqual(['send_tx BID', 'status op-1', 'status op-1'])
  })

  it('throws the failure with its reason, or none given', async () => {
    const { api } = scripted([{ isPending: false, isExecuted: false, failureReason: null }])
    const failure = await tradeSettled(api, 'op-1', 'BID').catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(TradeFailed)
    expect((failure as TradeFailed).message).toBe('BID failed: no reason given')
    expect((failure as TradeFailed).reason).toBeNull()
  })
})
