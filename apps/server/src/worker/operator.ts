/**
 * The operator account the worker signs auction settlements with (AuctionSettler). It pays only
 * the settle call's fee: the manager pays everything else from the escrow.
 *
 * - OPERATOR_MNEMONIC (25 words): the account on any network; required on testnet and mainnet for
 *   the worker to settle auctions (without it, anyone's Settle button still does).
 * - Unset on devnet or localnet: an account of KMD's wallet `unica-operator` (created with an
 *   empty password on first use, as the seed uses KMD), topped up from the network's dispenser:
 *   the richest account of KMD's `unencrypted-default-wallet` (how AlgoKit finds LocalNet's).
 */
import algosdk from 'algosdk'
import { isDevNetwork } from '@unica/schemas'
import type { Chain } from '../chain/connection.js'

export interface Operator {
  readonly address: string
  /** Signs every transaction of a group the operator sends. */
  sign(txns: readonly algosdk.Transaction[]): Promise<Uint8Array[]>
}

export class OperatorError extends Error {}

function keyOperator(account: { addr: algosdk.Address; sk: Uint8Array }): Operator {
  const signer = algosdk.makeBasicAccountTransactionSigner(account)
  return {
    address: account.addr.toString(),
    sign: (txns) =>
      signer(
        [...txns],
        txns.map((_, i) => i),
      ),
  }
}

/** The account of a 25-word mnemonic; OperatorError when the words are not one. */
export function mnemonicOperator(words: string): Operator {
  try {
    return keyOperator(algosdk.mnemonicToSecretKey(words.trim().split(/\s+/).join(' ')))
  } catch {
    // Never echo the words: they are the key.
    throw new OperatorError('OPERATOR_MNEMONIC is not a valid 25-word Algorand mnemonic')
  }
}

export const OPERATOR_WALLET = 'unica-operator'
const DEFAULT_WALLET = 'unencrypted-default-wallet'
/** Top up below 1 Algo, to 10: thousands of settle fees. */
const LOW_BALANCE = 1_000_000n
const TOP_UP = 10_000_000n

interface KmdWallet {
  readonly id: string
  readonly name: string
}

/** Runs `use` with a handle of the wallet named `name` (empty password), created if absent. */
async function withWallet<T>(
  kmd: algosdk.Kmd,
  name: string,
  create: boolean,
  use: (handle: string) => Promise<T>,
): Promise<T> {
  const { wallets } = (await kmd.listWallets()) as { wallets?: KmdWallet[] }
  let wallet = wallets?.find((w) => w.name === name)
  if (wallet === undefined) {
    if (!create) throw new OperatorError(`KMD has no wallet named ${name}`)
    wallet = ((await kmd.createWallet(name, '')) as { wallet: KmdWallet }).wallet
  }
  const { wallet_handle_token: handle } = (await kmd.initWalletHandle(wallet.id, '')) as {
    wallet_handle_token: string
  }
  try {
    return await use(handle)
  } finally {
    await kmd.releaseWalletHandle(handle).catch(() => undefined)
  }
}

async function exportAccount(
  kmd: algosdk.Kmd,
  handle: string,
  address: string,
): Promise<{ addr: algosdk.Address; sk: Uint8Array }> {
  const { private_key: sk } = await kmd.exportKey(handle, '', address)
  return { addr: algosdk.Address.fromString(address), sk }
}

const balanceOf = async (algod: algosdk.Algodv2, address: string): Promise<bigint> =>
  (await algod.accountInformation(address).do()).amount

/** KMD's operator account on a development network, funded from its dispenser when low. */
export async function kmdOperator(kmd: algosdk.Kmd, algod: algosdk.Algodv2): Promise<Operator> {
  const account = await withWallet(kmd, OPERATOR_WALLET, true, async (handle) => {
    const { addresses } = (await kmd.listKeys(handle)) as { addresses?: string[] }
    const address =
      addresses?.at(0) ?? ((await kmd.generateKey(handle)) as { address: string }).address
    return exportAccount(kmd, handle, address)
  })
  const operator = keyOperator(account)
  if ((await balanceOf(algod, operator.address)) >= LOW_BALANCE) return operator
  const dispenser = await withWallet(kmd, DEFAULT_WALLET, false, async (handle) => {
    const { addresses } = (await kmd.listKeys(handle)) as { addresses?: string[] }
    let richest: { address: string; amount: bigint } | null = null
    for (const address of addresses ?? []) {
      const amount = await balanceOf(algod, address)
      if (richest === null || amount > richest.amount) richest = { address, amount }
    }
    if (richest === null) throw new OperatorError(`KMD's ${DEFAULT_WALLET} holds no account`)
    return exportAccount(kmd, handle, richest.address)
  })
  const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: dispenser.addr,
    receiver: operator.address,
    amount: TOP_UP,
    suggestedParams: await algod.getTransactionParams().do(),
  })
  const signed = await keyOperator(dispenser).sign([pay])
  const { txid } = await algod.sendRawTransaction(signed).do()
  await algosdk.waitForConfirmation(algod, txid, 10)
  return operator
}

/** KMD where the chain's config names none: LocalNet's and the devnet CLI's default port. */
const LOCAL_KMD = 'http://127.0.0.1:4002'

/**
 * The operator as configured: OPERATOR_MNEMONIC, else KMD's on a development network, else none
 * (testnet and mainnet need the mnemonic). Throws OperatorError for bad words, or when KMD or the
 * dispenser cannot be reached.
 */
export async function configuredOperator(o: {
  readonly mnemonic: string | undefined
  readonly chain: Pick<Chain, 'algod' | 'endpoints'>
}): Promise<Operator | null> {
  if (o.mnemonic !== undefined) return mnemonicOperator(o.mnemonic)
  const { endpoints } = o.chain
  if (!isDevNetwork(endpoints.network)) return null
  const url = endpoints.kmdUrl ?? LOCAL_KMD
  // The devnet and LocalNet take one token for algod and KMD.
  const kmd = new algosdk.Kmd(endpoints.algodToken, url, new URL(url).port)
  try {
    return await kmdOperator(kmd, o.chain.algod)
  } catch (e) {
    if (e instanceof OperatorError) throw e
    throw new OperatorError(
      `no operator account from KMD at ${url}: ${e instanceof Error ? e.message : String(e)}`,
    )
  }
}
