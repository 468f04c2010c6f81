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
import { decodeTxGroup, msgpackObjectEnd } from './txgroup-decode.js'

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

describe('msgpackObjectEnd', () => {
  it('finds the end of every msgpack kind', () => {
    const values: unknown[] = [
      0,
      -1,
      127,
      255,
      65536,
      2n ** 40n,
      -(2n ** 40n),
      1.5,
      null,
      true,
      'x'.repeat(40),
      'y'.repeat(300),
      new Uint8Array(70000),
      [1, [2, [3]]],
      new Map<string, unknown>([['a', new Map([['b', [1, 2]]])]]),
      Array.from({ length: 20 }, (_, i) => i),
    ]
    for (const value of values) {
      const bytes = msgpackRawEncode(value)
      const padded = new Uint8Array([...bytes, 0xc0])
      expect(msgpackObjectEnd(padded, 0)).toBe(bytes.length)
    }
  })

  it('reports truncation and the never-used 0xc1 byte', () => {
    expect(() => msgpackObjectEnd(Uint8Array.of(0x92, 0x01), 0)).toThrow(/unexpected EOF/)
    expect(() => msgpackObjectEnd(Uint8Array.of(0xc4, 0x05, 1), 0)).toThrow(/unexpected EOF/)
    expect(() => msgpackObjectEnd(Uint8Array.of(0xdd, 0xff, 0xff, 0xff, 0xff), 0)).toThrow(
      /unexpected EOF/,
    )
    expect(() => msgpackObjectEnd(Uint8Array.of(0xc1), 0)).toThrow(/invalid byte descriptor 0xc1/)
  })

  it('walks deeply nested input without recursion', () => {
    const deep = new Uint8Array(1_000_001).fill(0x91)
    deep[deep.length - 1] = 0xc0
    expect(msgpackObjectEnd(deep, 0)).toBe(deep.length)
  })
})

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
