/**
 * A chain with the indexer server over it on a free port, an algosdk Indexer client pointed at
 * it, and helpers to submit signed groups through the chain (signed with the genesis keys).
 */
import type { AddressInfo } from 'node:net'
import algosdk from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { createChain } from '../../src/chain/index.js'
import type { Chain, GenesisAccount } from '../../src/chain/types.js'
import { signBytes } from '../../src/genesis/index.js'
import { createIndexerServer } from '../../src/indexer/index.js'
import { MemoryBlockStore } from '../../src/store/index.js'

export interface IndexerFixture {
  readonly chain: Chain
  readonly server: FastifyInstance
  readonly indexer: algosdk.Indexer
  readonly port: number
  /** A genesis account by its genesis.json comment. */
  account(comment: string): GenesisAccount
  params(): algosdk.SuggestedParams
  /** Signs each transaction with its key (grouping them first when there are several). */
  submit(txns: readonly { txn: algosdk.Transaction; sk: Uint8Array }[]): string[]
  /** A raw GET, for what the SDK cannot send (bad parameters). */
  get(
    path: string,
  ): Promise<{ status: number; body: { message?: string } & Record<string, unknown> }>
  close(): Promise<void>
}

export function sign(txn: algosdk.Transaction, sk: Uint8Array): algosdk.SignedTransaction {
  return new algosdk.SignedTransaction({ txn, sig: signBytes(sk, txn.bytesToSign()) })
}

export async function startIndexer(clock?: () => bigint): Promise<IndexerFixture> {
  const chain = createChain({ store: new MemoryBlockStore(), now: clock })
  const server = await createIndexerServer(chain)
  await server.listen({ port: 0, host: '127.0.0.1' })
  const port = (server.server.address() as AddressInfo).port
  const indexer = new algosdk.Indexer('a'.repeat(64), 'http://127.0.0.1', port)
  const byComment = new Map(chain.genesis.accounts.map((a) => [a.comment, a]))
  return {
    chain,
    server,
    indexer,
    port,
    account(comment) {
      const found = byComment.get(comment)
      if (found === undefined) throw new Error(`no genesis account ${comment}`)
      return found
    },
    params() {
      const last = chain.lastRound()
      return {
        fee: 1000n,
        minFee: 1000n,
        flatFee: true,
        firstValid: last,
        lastValid: last + 1000n,
        genesisID: chain.genesis.id,
        genesisHash: chain.genesis.hash,
      }
    },
    submit(txns) {
      if (txns.length > 1) algosdk.assignGroupID(txns.map((t) => t.txn))
      const result = chain.submit(txns.map((t) => sign(t.txn, t.sk)))
      if (!result.ok) throw new Error(result.rejection.message)
      return [...result.txids]
    },
    async get(path) {
      const res = await fetch(`http://127.0.0.1:${port.toString()}${path}`, {
        headers: { 'X-Indexer-API-Token': 'a'.repeat(64) },
      })
      return {
        status: res.status,
        body: (await res.json()) as { message?: string } & Record<string, unknown>,
      }
    },
    async close() {
      await server.close()
      await chain.close()
    },
  }
}

/** A fresh, unfunded account. */
export function newAccount(): { addr: string; sk: Uint8Array } {
  const account = algosdk.generateAccount()
  return { addr: account.addr.toString(), sk: account.sk }
}
