/**
 * The whole devnet in-process: a chain (in memory, or durable under a data directory) and the
 * algod, indexer and kmd REST servers over it, with LocalNet's ports and tokens by default.
 * `npm start`, the CLI and tests all start it through `startDevnet`; ports 0 pick free ones.
 */
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { ALGOD_PUBLIC_PATHS, ALGOD_TOKEN_HEADER, registerAlgod } from './algod/index.js'
import { createChain } from './chain/index.js'
import { registerExplorer } from './explorer/index.js'
import type { BlockStore, Chain } from './chain/types.js'
import { DEFAULT_TOKEN, createServer } from './http/server.js'
import { INDEXER_SERVER_OPTIONS, registerIndexer } from './indexer/index.js'
import { KMD_PUBLIC_PATHS, registerKmd } from './kmd/index.js'
import { FileBlockStore, MemoryBlockStore } from './store/index.js'

/** LocalNet's ports (AlgoKit's sandbox.py). */
export const DEFAULT_PORTS = { algod: 4001, indexer: 8980, kmd: 4002 } as const
export const DEFAULT_HOST = '127.0.0.1'
const KMD_TOKEN_HEADER = 'X-KMD-API-Token'

export interface DevnetOptions {
  /** Each defaults to LocalNet's port; 0 picks a free one. */
  readonly algodPort?: number
  readonly indexerPort?: number
  readonly kmdPort?: number
  /** Where blocks (and kmd wallets created at run time) persist; in memory when absent. */
  readonly dataDir?: string
  /** A fixed block interval (MainNet-like pacing); dev mode (a block per group, at once) when absent. */
  readonly blockIntervalMs?: number
  readonly host?: string
}

export interface DevnetInfo {
  readonly network: string
  readonly genesisId: string
  /** Base64, as algod reports it. */
  readonly genesisHash: string
  readonly usdcAssetId: bigint
  readonly usdcIssuer: string
  /** Genesis accounts by their genesis.json comment ("Wallet1" is the dispenser). */
  readonly accounts: readonly { readonly name: string; readonly address: string }[]
}

export interface Devnet {
  readonly urls: { readonly algod: string; readonly indexer: string; readonly kmd: string }
  readonly ports: { readonly algod: number; readonly indexer: number; readonly kmd: number }
  /** The API token of all three servers (LocalNet's `a` x 64). */
  readonly token: string
  readonly chain: Chain
  readonly info: DevnetInfo
  /** Closes the servers, then the chain and its store; safe to call more than once. */
  stop(): Promise<void>
}

export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? DEFAULT_HOST
  const store: BlockStore =
    options.dataDir === undefined ? new MemoryBlockStore() : new FileBlockStore(options.dataDir)
  const servers: FastifyInstance[] = []
  let chain: Chain | undefined
  const release = async (): Promise<void> => {
    // Servers first (no request may reach a closed chain), then the chain, then the store.
    for (const server of servers.splice(0).reverse()) await server.close()
    await chain?.close()
    store.close()
  }

  try {
    const started = createChain({ store, blockIntervalMs: options.blockIntervalMs })
    chain = started
    const genesis = started.genesis

    const algod = await createServer({
      tokenHeader: ALGOD_TOKEN_HEADER,
      publicPaths: ALGOD_PUBLIC_PATHS,
      acceptBearer: true,
    })
    servers.push(algod)
    await registerAlgod(algod, started)

    const indexer = await createServer(INDEXER_SERVER_OPTIONS)
    servers.push(indexer)
    const index = await registerIndexer(indexer, started)
    // The explorer pages live on the algod port and read the indexer's index.
    await registerExplorer(algod, { chain: started, index })

    const kmd = await createServer({ tokenHeader: KMD_TOKEN_HEADER, publicPaths: KMD_PUBLIC_PATHS })
    servers.push(kmd)
    registerKmd(kmd, { genesis, dataDir: options.dataDir })

    const ports = {
      algod: await listen(algod, host, options.algodPort ?? DEFAULT_PORTS.algod),
      indexer: await listen(indexer, host, options.indexerPort ?? DEFAULT_PORTS.indexer),
      kmd: await listen(kmd, host, options.kmdPort ?? DEFAULT_PORTS.kmd),
    }
    const base = `http://${host.includes(':') ? `[${host}]` : host}`
    let stopping: Promise<void> | undefined
    return {
      urls: {
        algod: `${base}:${ports.algod.toString()}`,
        indexer: `${base}:${ports.indexer.toString()}`,
        kmd: `${base}:${ports.kmd.toString()}`,
      },
      ports,
      token: DEFAULT_TOKEN,
      chain: started,
      info: {
        network: genesis.network,
        genesisId: genesis.id,
        genesisHash: Buffer.from(genesis.hash).toString('base64'),
        usdcAssetId: genesis.usdcAssetId,
        usdcIssuer: genesis.usdcIssuer,
        accounts: genesis.accounts.map((a) => ({ name: a.comment, address: a.address })),
      },
      stop: () => (stopping ??= release()),
    }
  } catch (error) {
    await release().catch(() => undefined)
    throw error
  }
}

/** Listens and returns the bound port (the chosen one when `port` is 0). */
async function listen(app: FastifyInstance, host: string, port: number): Promise<number> {
  await app.listen({ host, port })
  return (app.server.address() as AddressInfo).port
}
