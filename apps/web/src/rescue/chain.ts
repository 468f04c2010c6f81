/**
 * The rescue page's chain work, loaded on demand (it needs algosdk): read with @unica/contracts'
 * rescue over algod and the indexer, sign with the connected wallet, send to algod and wait for
 * each group's block. Nothing here calls our API.
 */
import algosdk from 'algosdk'
import {
  findRescues,
  planRescue,
  type RescueItem,
  type RescueScan,
  type UnsignedGroup,
} from '@unica/contracts'
import { algosdkReader } from '@unica/contracts/flows'
import type { ChainSession } from '../common/chain/session.js'
import type { AppConfig } from '../common/lib/config.js'

/** A connected wallet as the page uses it: its accounts, and a signer of builders' groups. */
export interface RescueWallet {
  readonly name: string
  readonly accounts: readonly string[]
  sign(group: UnsignedGroup, account: string): Promise<Uint8Array[]>
}

export interface RescueNodes {
  readonly algodUrl: string
  /** Empty: no indexer. */
  readonly indexerUrl: string
  readonly token: string
}

function split(url: string): { server: string; port: string } {
  const u = new URL(url)
  const port = u.port
  u.port = ''
  return { server: u.toString().replace(/\/$/, ''), port }
}

function clients(nodes: RescueNodes) {
  const a = split(nodes.algodUrl)
  const algod = new algosdk.Algodv2(nodes.token, a.server, a.port)
  if (nodes.indexerUrl.trim() === '') return { algod, indexer: undefined }
  const i = split(nodes.indexerUrl)
  return { algod, indexer: new algosdk.Indexer(nodes.token, i.server, i.port) }
}

export function scanAccount(
  nodes: RescueNodes,
  account: string,
  appIds: readonly bigint[],
): Promise<RescueScan> {
  const { algod, indexer } = clients(nodes)
  return findRescues(algosdkReader(algod, indexer), account, appIds)
}

/** A piece as the chain names it: its NFT's asset name and unit name. */
export interface PieceName {
  readonly name: string
  readonly unitName: string
}

/**
 * The names of the NFTs (asset params on algod, never our API); an NFT that cannot be read (a
 * node error, a destroyed asset) is left out, and the page names it by its id.
 */
export async function pieceNames(
  nodes: RescueNodes,
  nftIds: readonly bigint[],
): Promise<Map<bigint, PieceName>> {
  const { algod } = clients(nodes)
  const names = new Map<bigint, PieceName>()
  await Promise.all(
    [...new Set(nftIds)].map(async (id) => {
      try {
        const { params } = await algod.getAssetByID(id).do()
        names.set(id, { name: params?.name ?? '', unitName: params?.unitName ?? '' })
      } catch {
        // Named by its id instead.
      }
    }),
  )
  return names
}

/** Signs and sends the item's groups in order; the last group's first transaction id. */
export async function rescueItem(
  nodes: RescueNodes,
  item: RescueItem,
  account: string,
  wallet: RescueWallet,
): Promise<string> {
  const { algod } = clients(nodes)
  const params = await algod.getTransactionParams().do()
  let txId = ''
  for (const group of planRescue(item, account, {
    ...params,
    lastValid: params.firstValid + 1000n,
  })) {
    const signed = await wallet.sign(group, account)
    txId = (await algod.sendRawTransaction(signed).do()).txid
    await algosdk.waitForConfirmation(algod, txId, 20)
  }
  return txId
}

/** A wallet of the app's wallet layer (Lute, Kibisis, KMD on devnets, Pera and Defly). */
export async function connectWallet(config: AppConfig, id: string): Promise<RescueWallet> {
  const { createSession } = await import('../common/chain/session.js')
  const session = createSession(config)
  return rescueWallet(session, id, await session.connect(id))
}

/**
 * The wallet this browser connected in the app, its session restored (from the wallet layer's own
 * storage and the wallet, never our API); null when it has no session any more.
 */
export async function resumeWallet(config: AppConfig, id: string): Promise<RescueWallet | null> {
  const { createSession } = await import('../common/chain/session.js')
  const session = createSession(config)
  const accounts = await session.resume(id)
  return accounts.length === 0 ? null : rescueWallet(session, id, accounts)
}

function rescueWallet(session: ChainSession, id: string, accounts: string[]): RescueWallet {
  return {
    name: id,
    accounts,
    sign: (group, account) => {
      session.selectAccount(id, account)
      return session.sign(id, group)
    },
  }
}
