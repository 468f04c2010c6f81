/**
 * The wallet layer over @txnlab/use-wallet (v4). Loaded on demand, so visitors who never connect
 * do not download algosdk or any wallet SDK. Connect, resume, sign; failures become WalletErrors
 * that the error catalogue turns into the spec's texts.
 */
import type algosdk from 'algosdk'
import {
  KIBISIS_AVM_WEB_PROVIDER_ID,
  NetworkId,
  WalletId,
  WalletManager,
  type SupportedWallet,
} from '@txnlab/use-wallet-react'
import { isDevNetwork, type AppConfig } from '../lib/config.js'
import { WalletError } from '../lib/errors.js'
import { walletChoice, type WalletChoice } from './choices.js'

export type { WalletManager }

function split(url: string): { baseServer: string; port: string } {
  const u = new URL(url)
  const port = u.port
  u.port = ''
  return { baseServer: u.toString().replace(/\/$/, ''), port }
}

export function createManager(config: AppConfig): WalletManager {
  const wallets: SupportedWallet[] = [
    { id: WalletId.LUTE, options: { siteName: 'Unica' } },
    WalletId.KIBISIS,
  ]
  if (!isDevNetwork(config.network)) wallets.push(WalletId.PERA, WalletId.DEFLY)
  if (isDevNetwork(config.network) && config.kmdUrl !== null) {
    const kmd = split(config.kmdUrl)
    wallets.push({
      id: WalletId.KMD,
      options: {
        token: config.algodToken,
        ...kmd,
        wallet: 'unencrypted-default-wallet',
        // The devnet's default wallet has an empty password: no prompt.
        promptForPassword: () => Promise.resolve(''),
      },
    })
  }
  const known = Object.values(NetworkId) as string[]
  const networkId = known.includes(config.network) ? config.network : 'localnet'
  return new WalletManager({
    wallets,
    networks: {
      [networkId]: {
        algod: { token: config.algodToken, ...split(config.algodUrl) },
        genesisId: config.genesisId,
        isTestnet: config.network !== 'mainnet',
      },
    },
    defaultNetwork: networkId,
  })
}

function walletId(id: string): WalletId {
  const found = Object.values(WalletId).find((w) => (w as string) === id)
  if (found === undefined) throw new Error(`unknown wallet ${id}`)
  return found
}

function choiceOf(id: string): WalletChoice {
  const c = walletChoice(id)
  if (c === undefined) throw new Error(`unknown wallet ${id}`)
  return c
}

/** Connects a wallet and lists its accounts. */
export async function connect(manager: WalletManager, id: string): Promise<string[]> {
  const choice = choiceOf(id)
  const wallet = manager.getWallet(walletId(id))
  if (wallet === undefined)
    throw new WalletError('connect', choice.type, choice.name, 'not offered')
  try {
    const accounts = await wallet.connect()
    wallet.setActive()
    return accounts.map((a) => a.address)
  } catch (e) {
    throw new WalletError('connect', choice.type, choice.name, e)
  }
}

/** Restores a stored session; the accounts, or none when the wallet no longer has a session. */
export async function resume(manager: WalletManager, id: string): Promise<string[]> {
  const choice = choiceOf(id)
  try {
    await manager.resumeSessions()
  } catch (e) {
    throw new WalletError('accounts', choice.type, choice.name, e)
  }
  const wallet = manager.getWallet(walletId(id))
  if (wallet?.isConnected !== true) return []
  wallet.setActive()
  return wallet.accounts.map((a) => a.address)
}

export function selectAccount(manager: WalletManager, id: string, address: string): void {
  manager.getWallet(walletId(id))?.setActiveAccount(address)
}

export async function disconnect(manager: WalletManager): Promise<void> {
  try {
    await manager.disconnect()
  } catch {
    // Logging out must always succeed locally, whatever the wallet says.
  }
}

const EXTENSION_BUSY = /another query processing/i
const BUSY_RETRY_MS = 500

/**
 * Signs the transactions at `indexes` of a group. An extension answering 'Another query
 * processing' is retried once after 500 ms (docs/product.md §8).
 */
export async function signGroup(
  manager: WalletManager,
  id: string,
  txns: algosdk.Transaction[],
  indexes: number[],
): Promise<Uint8Array[]> {
  const choice = choiceOf(id)
  const wallet = manager.getWallet(walletId(id))
  if (wallet === undefined) throw new WalletError('sign', choice.type, choice.name, 'no wallet')
  const attempt = () => wallet.signTransactions(txns, indexes)
  let signed: (Uint8Array | null)[]
  try {
    try {
      signed = await attempt()
    } catch (e) {
      if (!(e instanceof Error) || !EXTENSION_BUSY.test(e.message)) throw e
      await new Promise((r) => setTimeout(r, BUSY_RETRY_MS))
      signed = await attempt()
    }
  } catch (e) {
    throw new WalletError('sign', choice.type, choice.name, e)
  }
  const out = indexes.map((i) => signed[i] ?? signed[indexes.indexOf(i)] ?? null)
  if (out.some((s) => s === null)) {
    throw new WalletError('sign', choice.type, choice.name, 'a transaction was not signed')
  }
  return out as Uint8Array[]
}

/** Whether the Kibisis extension answers ARC-0027 discovery within `waitMs`. */
export async function detectKibisis(waitMs = 750): Promise<boolean> {
  const { AVMWebClient } = await import('@agoralabs-sh/avm-web-provider')
  const client = AVMWebClient.init()
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      client.removeListener(listener)
      resolve(false)
    }, waitMs)
    const listener = client.onDiscover(({ error, result }) => {
      if (error !== null || result?.providerId !== KIBISIS_AVM_WEB_PROVIDER_ID) return
      clearTimeout(timer)
      client.removeListener(listener)
      resolve(true)
    })
    client.discover({ providerId: KIBISIS_AVM_WEB_PROVIDER_ID })
  })
}
