/**
 * The wallets offered (docs/architecture.md §5.9). The product's web wallet (MyAlgo, shut down
 * January 2024) is Lute; its browser-extension signer (AlgoSigner, discontinued 2023) is Kibisis,
 * greyed out when absent, its store page opened on click. On development networks the KMD wallet of
 * the devnet is offered; the mobile wallets Pera and Defly (WalletConnect) on TestNet and MainNet,
 * the networks they serve. Plain data, so the select-wallet modal renders without loading any
 * wallet SDK.
 */
export interface WalletChoice {
  /** use-wallet's WalletId. */
  readonly id: 'lute' | 'kibisis' | 'kmd' | 'pera' | 'defly'
  readonly name: string
  readonly type: 'web' | 'extension'
  /** Where to get it when it is missing. */
  readonly storeUrl?: string
  readonly devOnly?: boolean
  /** Offered only on TestNet and MainNet (mobile wallets know no private network). */
  readonly publicOnly?: boolean
}

const WALLET_CHOICES: readonly WalletChoice[] = [
  { id: 'lute', name: 'Lute', type: 'web' },
  { id: 'kibisis', name: 'Kibisis', type: 'extension', storeUrl: 'https://kibis.is' },
  { id: 'pera', name: 'Pera', type: 'web', publicOnly: true },
  { id: 'defly', name: 'Defly', type: 'web', publicOnly: true },
  { id: 'kmd', name: 'KMD (devnet)', type: 'web', devOnly: true },
]

export function walletChoice(id: string | null): WalletChoice | undefined {
  return WALLET_CHOICES.find((w) => w.id === id)
}

export function offeredWallets(devNetwork: boolean): readonly WalletChoice[] {
  return WALLET_CHOICES.filter((w) => (devNetwork ? w.publicOnly !== true : w.devOnly !== true))
}

/** Kibisis is re-detected this often while the select-wallet modal is open (docs/product.md §9). */
export const EXTENSION_POLL_MS = 5000
