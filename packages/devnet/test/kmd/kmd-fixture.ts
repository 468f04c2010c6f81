/**
 * A kmd server alone, on a free port, over a small made-up genesis, for black-box tests with
 * algosdk's Kmd client. (The whole devnet is exercised in devnet-sign.test.ts.)
 */
import algosdk from 'algosdk'
import { DEFAULT_TOKEN, createServer } from '../../src/http/server.js'
import type { GenesisInfo } from '../../src/chain/types.js'
import { KMD_PUBLIC_PATHS, registerKmd } from '../../src/kmd/index.js'
import { keyPairFromSeed } from '../../src/kmd/keys.js'

export function fakeGenesis(accounts = 3): GenesisInfo {
  return {
    id: 'devnet-v1',
    hash: new Uint8Array(32).fill(9),
    network: 'devnet',
    proto: 'future',
    timestamp: 0n,
    accounts: Array.from({ length: accounts }, (_, i) => {
      const pair = keyPairFromSeed(new Uint8Array(32).fill(i + 1))
      return {
        comment: i === 0 ? 'Wallet1' : `Account${i.toString()}`,
        address: pair.address,
        secretKey: pair.secretKey,
        microAlgos: 1_000_000n,
      }
    }),
    usdcAssetId: 1001n,
    usdcIssuer: keyPairFromSeed(new Uint8Array(32).fill(1)).address,
  }
}

export interface KmdFixture {
  readonly kmd: algosdk.Kmd
  readonly url: string
  readonly port: number
  readonly genesis: GenesisInfo
  close(): Promise<void>
}

export async function startKmd(
  options: { dataDir?: string; now?: () => number; genesis?: GenesisInfo } = {},
): Promise<KmdFixture> {
  const genesis = options.genesis ?? fakeGenesis()
  const app = await createServer({ tokenHeader: 'X-KMD-API-Token', publicPaths: KMD_PUBLIC_PATHS })
  registerKmd(app, { genesis, dataDir: options.dataDir, now: options.now })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    kmd: new algosdk.Kmd(DEFAULT_TOKEN, 'http://127.0.0.1', address.port),
    url: `http://127.0.0.1:${address.port.toString()}`,
    port: address.port,
    genesis,
    close: () => app.close(),
  }
}

/** The id of a wallet by name, as use-wallet and AlgoKit find it. */
export async function walletId(kmd: algosdk.Kmd, name: string): Promise<string> {
  const { wallets } = (await kmd.listWallets()) as { wallets: { id: string; name: string }[] }
  const found = wallets.find((w) => w.name === name)
  if (found === undefined) throw new Error(`no wallet ${name}`)
  return found.id
}
