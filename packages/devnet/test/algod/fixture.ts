/**
 * A fresh chain with a standalone algod server over it on a free port, an algosdk Algodv2 client
 * pointed at it, and helpers: genesis accounts by name, signing, and raw requests for what the
 * SDK cannot send (bad tokens, malformed bodies, bad parameters).
 */
import algosdk from 'algosdk'
import { expect } from 'vitest'

import {
  startAlgodServer,
  type AlgodServer,
  type StartAlgodOptions,
} from '../../src/algod/index.js'
import { createChain, type ChainOptions } from '../../src/chain/index.js'
import type { Chain, GenesisAccount } from '../../src/chain/types.js'
import { signBytes } from '../../src/genesis/index.js'

const TOKEN = 'a'.repeat(64)

export interface RawResponse {
  readonly status: number
  readonly headers: Headers
  readonly bytes: Uint8Array
  readonly text: string
  /** The body as JSON, or undefined when it is not JSON. */
  readonly json: unknown
}

export interface AlgodFixture {
  readonly chain: Chain
  readonly server: AlgodServer
  readonly algod: algosdk.Algodv2
  /** A genesis account by its genesis.json comment ("Wallet1" is the dispenser). */
  account(comment: string): GenesisAccount
  /** Signs with the account's key. */
  sign(txn: algosdk.Transaction, from: GenesisAccount): Uint8Array
  /** A payment sent through the SDK and confirmed; returns its id. */
  pay(from: GenesisAccount, to: string, amount: bigint | number): Promise<string>
  raw(path: string, init?: RequestInit & { token?: string | null }): Promise<RawResponse>
  close(): Promise<void>
}

export async function startAlgod(
  options: { chain?: ChainOptions; algod?: StartAlgodOptions } = {},
): Promise<AlgodFixture> {
  const chain = createChain(options.chain)
  const server = await startAlgodServer(chain, options.algod)
  const algod = new algosdk.Algodv2(TOKEN, 'http://127.0.0.1', server.port)
  const byComment = new Map(chain.genesis.accounts.map((a) => [a.comment, a]))
  const account = (comment: string): GenesisAccount => {
    const found = byComment.get(comment)
    if (!found) throw new Error(`no genesis account ${comment}`)
    return found
  }
  const sign = (txn: algosdk.Transaction, from: GenesisAccount) =>
    algosdk.encodeMsgpack(
      new algosdk.SignedTransaction({ txn, sig: signBytes(from.secretKey, txn.bytesToSign()) }),
    )
  return {
    chain,
    server,
    algod,
    account,
    sign,
    async pay(from, to, amount) {
      const suggestedParams = await algod.getTransactionParams().do()
      const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
        sender: from.address,
        receiver: to,
        amount,
        suggestedParams,
      })
      const { txid } = await algod.sendRawTransaction(sign(txn, from)).do()
      await algosdk.waitForConfirmation(algod, txid, 3)
      return txid
    },
    async raw(path, init = {}) {
      const { token = TOKEN, headers, ...rest } = init
      const all = new Headers(headers)
      if (token !== null) all.set('X-Algo-API-Token', token)
      const response = await fetch(`${server.url}${path}`, { ...rest, headers: all })
      const bytes = new Uint8Array(await response.arrayBuffer())
      const text = new TextDecoder().decode(bytes)
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      return { status: response.status, headers: response.headers, bytes, text, json }
    },
    async close() {
      await server.close()
      await chain.close()
    },
  }
}

/** The status and algod `message` of a failed SDK call. */
export async function sdkError(
  call: Promise<unknown>,
): Promise<{ status: number; message: string }> {
  try {
    await call
  } catch (e) {
    const error = e as { status?: number; response?: { body?: Uint8Array } }
    const body = error.response?.body ?? new Uint8Array()
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { message?: unknown }
    expect(typeof parsed.message).toBe('string')
    return { status: error.status ?? 0, message: String(parsed.message) }
  }
  throw new Error('expected the call to fail')
}

/** Expects `response` to be an algod error: the status, and a JSON `{message}` matching `message`. */
export function expectError(response: RawResponse, status: number, message: string | RegExp): void {
  expect(response.status, response.text).toBe(status)
  const body = response.json as { message?: unknown } | undefined
  expect(typeof body?.message).toBe('string')
  if (typeof message === 'string') expect(body?.message).toBe(message)
  else expect(body?.message).toMatch(message)
}
