/**
 * LocalNet's `unencrypted-default-wallet` (empty password) holding every genesis account's key.
 * It is rebuilt from genesis at every start, with an id and master derivation key derived from
 * the genesis hash, so the same genesis always gives the same wallet (and the same generated keys).
 */
import { createHash } from 'node:crypto'
import type { GenesisAccount } from '../chain/types.js'
import { hashPassword } from './keys.js'
import type { StoredKey, WalletState } from './wallets.js'

export const DEFAULT_WALLET_NAME = 'unencrypted-default-wallet'
export const DEFAULT_WALLET_PASSWORD = ''

function tagged(tag: string, genesisHash: Uint8Array): Buffer {
  return createHash('sha512-256').update(tag).update(genesisHash).digest()
}

export function defaultWalletState(
  genesisHash: Uint8Array,
  accounts: readonly GenesisAccount[],
): WalletState {
  const keys = new Map<string, StoredKey>()
  for (const account of accounts) keys.set(account.address, { secretKey: account.secretKey })
  return {
    id: tagged('unica-devnet/kmd/default-wallet-id', genesisHash).subarray(0, 16).toString('hex'),
    name: DEFAULT_WALLET_NAME,
    password: hashPassword(DEFAULT_WALLET_PASSWORD),
    masterDerivationKey: new Uint8Array(tagged('unica-devnet/kmd/default-wallet-mdk', genesisHash)),
    maxKeyIndex: 0n,
    keys,
    multisig: new Map(),
  }
}
