/**
 * The wallets offered (DESIGN, web side). The spec's web wallet (MyAlgo, shut down January 2024)
 * is Lute; its browser-extension signer (AlgoSigner, discontinued 2023) is Kibisis, greyed out
 * when absent, its store page opened on click. On development networks the KMD wallet of the
 * devnet is offered. Pera and Defly need their SDKs, which this build does not bundle (see README).
 * Plain data, so the select-wallet modal renders without loading any wallet SDK.
 */
export interface WalletChoice {
  /** use-wallet's WalletId. */
  readonly id: 'lute' | 'kibisis' | 'kmd'
  readonly name: string
  readonly type: 'web' | 'extension'
  /** Where to get it when it is missing. */
  readonly storeUrl?: string
  readonly devOnly?: boolean
}

export const WALLET_CHOICES: readonly WalletChoice[] = [
  { id: 'lute', name: 'Lute', type: 'web' },
  { id: 'kibisis', name: 'Kibisis', type: 'extension', storeUrl: 'https://kibis.is' },
  { id: 'kmd', name: 'KMD (devnet)', type: 'web', devOnly: true },
]

export function walletChoice(id: string | null): WalletChoice | undefined {
  return WALLET_CHOICES.find((w) => w.id === id)
}

export function offeredWallets(devNetwork: boolean): readonly WalletChoice[] {
  return WALLET_CHOICES.filter((w) => devNetwork || w.devOnly !== true)
}

/** Kibisis is re-detected this often while the select-wallet modal is open (spec section 9). */
export const EXTENSION_POLL_MS = 5000
