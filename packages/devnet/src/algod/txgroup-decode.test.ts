import {
  encodeMsgpack,
  generateAccount,
  makePaymentTxnWithSuggestedParamsFromObject,
  msgpackRawEncode,
  SignedTransaction,
} from 'algosdk'
import { describe, expect, it } from 'vitest'

import { signBytes } from '../genesis/index.js'
import { HttpError } from '../http/server.js'
import { decodeTxGroup } from './txgroup-decode.js'

const account = generateAccount()

function signedPayment(amount: number): Uint8Array {
  const txn = makePaymentTxnWithSuggestedParamsFromObject({
    sender: account.addr,
    receiver: account.addr,
    amount,
    suggestedParams: {
      fee: 0,
      minFee: 1000,
      firstValid: 1,
      lastValid: 1001,
      genesisID: 'devnet-v1',
      genesisHash: new Uint8Array(32),
    },
  })
  return encodeMsgpack(
    new SignedTransaction({ txn, sig: signBytes(account.sk, txn.bytesToSign()) }),
  )
}

function decodeError(body: Uint8Array, max = 16): string {
  try {
    decodeTxGroup(body, max)
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError)
    expect((e as HttpError).statusCode).toBe(400)
    return (e as HttpError).message
  }
  throw new Error('expected a 400')
}

describe('decodeTxGroup (go-algorand decodeTxGroup)', () => {
  it('splits concatenated signed transactions', () => {
    const body = new Uint8Array([...signedPayment(1), ...signedPayment(2)])
    const group = decodeTxGroup(body, 16)
    expect(group.map((s) => s.txn.payment?.amount)).toEqual([1n, 2n])
  })

  it('refuses empty bodies, oversized groups, garbage and trailing bytes', () => {
    expect(decodeError(new Uint8Array(0))).toBe('empty txgroup')
    const three = new Uint8Array([...signedPayment(1), ...signedPayment(2), ...signedPayment(3)])
    expect(decodeError(three, 2)).toBe('max group size is 2')
    expect(decodeError(new TextEncoder().encode('hello'))).toMatch(
      /^msgpack decode error \[pos 0\]/,
    )
    const one = signedPayment(1)
    expect(decodeError(new Uint8Array([...one, 0x92]))).toBe(
      `msgpack decode error [pos ${one.length + 1}]: unexpected EOF`,
    )
    expect(decodeError(msgpackRawEncode(new Map([['txn', 5]])))).toMatch(/msgpack decode error/)
  })

  it('refuses a transaction that is not signed-transaction shaped', () => {
    const txn = makePaymentTxnWithSuggestedParamsFromObject({
      sender: account.addr,
      receiver: account.addr,
      amount: 1,
      suggestedParams: {
        fee: 0,
        minFee: 1000,
        firstValid: 1,
        lastValid: 2,
        genesisHash: new Uint8Array(32),
      },
    })
    // An unsigned transaction decodes as a SignedTxn with a `txn`-less map: algosdk refuses it.
    expect(decodeError(encodeMsgpack(txn))).toMatch(/msgpack decode error \[pos 0\]/)
  })
})
