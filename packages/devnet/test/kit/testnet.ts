/**
 * Helpers for the chain's tests: a fresh devnet with its genesis accounts, suggested params as
 * algod gives them, signing (node:crypto, byte for byte what algosdk's `signTxn` makes, but a
 * hundred times faster), TEAL assembly, and submit-and-expect helpers.
 */
import { assemble } from '@unica/avm'
import algosdk from 'algosdk'
import { expect } from 'vitest'
import { deterministicKey, signBytes } from '../../src/genesis/keys.js'
import { createChain, type ChainOptions } from '../../src/chain/index.js'
import type { Chain, GenesisAccount, SubmitResult } from '../../src/chain/types.js'

export interface Acct {
  readonly addr: string
  readonly sk: Uint8Array
}

let fresh = 0

/** A new, unfunded account with a deterministic key. */
export function newAccount(): Acct {
  const key = deterministicKey(`test-account-${++fresh}`)
  return { addr: algosdk.encodeAddress(key.publicKey), sk: key.secretKey }
}

/** `txn` signed by `sk`, as algosdk's `txn.signTxn(sk)` would sign it, decoded. */
export function sign(txn: algosdk.Transaction, sk: Uint8Array): algosdk.SignedTransaction {
  const sig = signBytes(sk, txn.bytesToSign())
  const signer = sk.subarray(32)
  const sgnr = Buffer.from(signer).equals(txn.sender.publicKey)
    ? undefined
    : new algosdk.Address(signer)
  return new algosdk.SignedTransaction({ txn, sig, sgnr })
}

export function program(source: string): Uint8Array {
  const r = assemble(source)
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.line}: ${e.message}`).join('\n'))
  return r.program
}

export class TestNet {
  readonly chain: Chain
  readonly dispenser: Acct
  readonly issuer: Acct
  readonly wallets: readonly Acct[]
  readonly usdc: bigint

  constructor(options: ChainOptions = {}) {
    this.chain = createChain({ now: () => 1_750_000_000n, ...options })
    const g = this.chain.genesis
    const acct = (a: GenesisAccount): Acct => ({ addr: a.address, sk: a.secretKey })
    const by = (c: string): Acct => acct(g.accounts.find((a) => a.comment === c)!)
    this.dispenser = by('Wallet1')
    this.issuer = by('USDC issuer')
    this.wallets = ['Wallet2', 'Wallet3', 'Wallet4', 'Wallet5', 'Wallet6'].map(by)
    this.usdc = g.usdcAssetId
  }

  /** algod's suggested params: flat 1000 µA unless told otherwise, valid for 1000 rounds. */
  params(over: Partial<algosdk.SuggestedParams> = {}): algosdk.SuggestedParams {
    const last = this.chain.lastRound()
    return {
      fee: 1000n,
      flatFee: true,
      minFee: 1000n,
      firstValid: last,
      lastValid: last + 1000n,
      genesisID: this.chain.genesis.id,
      genesisHash: this.chain.genesis.hash,
      ...over,
    }
  }

  pay(from: Acct, to: string, amount: bigint, over: Partial<algosdk.SuggestedParams> = {}) {
    return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: from.addr,
      receiver: to,
      amount,
      suggestedParams: this.params(over),
    })
  }

  send(...stxns: algosdk.SignedTransaction[]): SubmitResult {
    return this.chain.submit(stxns)
  }

  /** Signs each (txn, key) pair, grouping them when there are several. */
  group(...pairs: [algosdk.Transaction, Uint8Array][]): algosdk.SignedTransaction[] {
    if (pairs.length > 1) algosdk.assignGroupID(pairs.map(([t]) => t))
    return pairs.map(([t, sk]) => sign(t, sk))
  }

  ok(...stxns: algosdk.SignedTransaction[]): string[] {
    const r = this.send(...stxns)
    if (!r.ok) throw new Error(`rejected: ${r.rejection.message}`)
    return [...r.txids]
  }

  rejects(expected: string | RegExp, ...stxns: algosdk.SignedTransaction[]): string {
    const before = this.chain.lastRound()
    const r = this.send(...stxns)
    expect(r.ok, 'the group should be rejected').toBe(false)
    const message = r.ok ? '' : r.rejection.message
    if (typeof expected === 'string') expect(message).toContain(expected)
    else expect(message).toMatch(expected)
    expect(this.chain.lastRound(), 'a rejected group makes no block').toBe(before)
    return message
  }

  /** A new account funded by the dispenser. */
  funded(amount = 10_000_000n): Acct {
    const a = newAccount()
    this.ok(sign(this.pay(this.dispenser, a.addr, amount), this.dispenser.sk))
    return a
  }

  balance(addr: string): bigint {
    return this.chain.accountInfo(addr, 'all').amount
  }

  close(): Promise<void> {
    return this.chain.close()
  }
}
