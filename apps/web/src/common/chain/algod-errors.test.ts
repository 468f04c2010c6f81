import { AlgodError } from '@unica/contracts/flows'
import { describe, expect, it } from 'vitest'
import { ChainError, MESSAGES, userMessage } from '../lib/errors.js'
import { asChainErrors } from './algod-errors.js'

describe('asChainErrors', () => {
  it("turns a flow's algod refusal or failed read into the catalogue's chain texts", async () => {
    const refused = asChainErrors(() => Promise.reject(new AlgodError('post', new Error('boom'))))
    const error = await refused.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChainError)
    expect(userMessage(error)).toBe(MESSAGES.chainPost)
    const read = await asChainErrors(() =>
      Promise.reject(new AlgodError('get', new Error('timeout'))),
    ).catch((e: unknown) => e)
    expect(userMessage(read)).toBe(MESSAGES.chainGet)
  })

  it('keeps ledger texts and lets other errors through untouched', async () => {
    const underfunded = new AlgodError('post', new Error('balance 100 below min 200000'))
    const error = await asChainErrors(() => Promise.reject(underfunded)).catch((e: unknown) => e)
    expect(userMessage(error)).toBe(
      'After this transaction, the balance would fall below the minimum of 0.200000 Algos',
    )
    const other = new Error('wallet closed')
    await expect(asChainErrors(() => Promise.reject(other))).rejects.toBe(other)
    expect(await asChainErrors(() => Promise.resolve(7))).toBe(7)
  })
})
