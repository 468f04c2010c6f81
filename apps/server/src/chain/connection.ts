/**
 * The chain as the server sees it: algosdk clients for algod and the indexer, and the facts every
 * route needs (genesis, USDC id and decimals), read from the network itself at start.
 */
import algosdk from 'algosdk'
import type { ChainEndpoints } from '../config.js'

export interface Chain {
  readonly algod: algosdk.Algodv2
  readonly indexer: algosdk.Indexer
  readonly endpoints: ChainEndpoints
  readonly genesisId: string
  /** Base64, as algod reports it. */
  readonly genesisHash: string
  readonly usdcId: bigint
  readonly usdcDecimals: number
}

/**
 * algosdk takes the port apart from the URL and overrides the URL's with its own default (4001,
 * 8080) when none is given: so pass the URL's own ('' = the scheme's default).
 */
function algodClient(url: string, token: string): algosdk.Algodv2 {
  return new algosdk.Algodv2(token, url, new URL(url).port)
}

export function indexerClient(url: string, token: string): algosdk.Indexer {
  return new algosdk.Indexer(token, url, new URL(url).port)
}

/** What the embedded devnet (packages/devnet's `Devnet`) tells about itself. */
export interface DevnetAddress {
  readonly urls: { readonly algod: string; readonly indexer: string; readonly kmd: string }
  readonly token: string
}

/** The endpoints of an embedded devnet: its three servers, its token and its explorer pages. */
export function devnetEndpoints(devnet: DevnetAddress): ChainEndpoints {
  return {
    network: 'devnet',
    algodUrl: devnet.urls.algod,
    algodToken: devnet.token,
    indexerUrl: devnet.urls.indexer,
    indexerToken: devnet.token,
    kmdUrl: devnet.urls.kmd,
    usdcId: undefined,
    explorerUrl: `${devnet.urls.algod}/explorer`,
  }
}

export async function connectChain(endpoints: ChainEndpoints): Promise<Chain> {
  const algod = algodClient(endpoints.algodUrl, endpoints.algodToken)
  const indexer = indexerClient(endpoints.indexerUrl, endpoints.indexerToken)
  const params = await algod.getTransactionParams().do()
  const usdcId = endpoints.usdcId ?? (await devnetUsdcId(endpoints.algodUrl))
  const usdc = await algod.getAssetByID(usdcId).do()
  if (usdc.params === undefined) throw new Error(`asset ${usdcId} has no params`)
  return {
    algod,
    indexer,
    endpoints,
    genesisId: params.genesisID,
    genesisHash: Buffer.from(params.genesisHash).toString('base64'),
    usdcId,
    usdcDecimals: usdc.params.decimals,
  }
}

/** The embedded devnet publishes its USDC id at GET /devnet/info (packages/devnet). */
async function devnetUsdcId(algodUrl: string): Promise<bigint> {
  const response = await fetch(`${algodUrl.replace(/\/$/, '')}/devnet/info`)
  if (!response.ok) throw new Error(`GET /devnet/info answered ${response.status}; set USDC_ID`)
  const info = (await response.json()) as { 'usdc-asset-id'?: unknown }
  const id = info['usdc-asset-id']
  if (typeof id !== 'number' && typeof id !== 'string')
    throw new Error('no usdc-asset-id; set USDC_ID')
  return BigInt(id)
}
