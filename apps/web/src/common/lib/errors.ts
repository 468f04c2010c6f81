/**
 * The error catalogue of docs/product.md §8: every failure the user sees becomes one of these
 * texts. One home for the texts, and one function mapping algod, wallet and backend failures onto
 * them.
 */
import { ApiError } from '@unica/schemas'
import { formatFixed } from './format.js'

export const MESSAGES = {
  insufficientFunds: 'Insufficient funds',
  maxApps: 'Maximum amount of opted-in applications per account exceeded. Use a different account',
  maxAppsCreate:
    'You’ve exceeded the maximum amount of opted-in applications created per Algorand account. Use a different account or opt-out of other applications.',
  unexpectedSend: 'Unexpected error occured while sending transaction',
  apiGet: 'Could not get information from internal service',
  apiPost: 'Could not broadcast information to internal service',
  chainGet: 'Could not get information from the Algorand blockchain',
  chainPost: 'Could not broadcast information to the Algorand blockchain',
  accounts: 'Could not get information about accounts',
  signWeb: 'Transactions could not be signed',
  signExtension: 'Transaction could not be signed',
  popupBlocked:
    'Your browser is blocking the pop-up windows on this site. Please adjust your browser settings',
  noSellers: 'There are no sellers to buy from',
  mustBeBid: 'There must be a bid',
  mustOwn: 'You must own the NFT',
  noOffer: 'There is no offer to cancel',
  operationFailed: 'Operation failed',
  notStarter: 'This process can only be finished by the person who started it',
  txSuccess: 'Transaction has been successfully processed.',
  verifyTimeout:
    'The transaction was sent, but its result did not show up on the blockchain in time. Reload the page to see the current state.',
} as const

function minBalanceMessage(microAlgos: bigint): string {
  return `After this transaction, the balance would fall below the minimum of ${formatFixed(microAlgos, 6)} Algos`
}

function connectMessage(walletName: string): string {
  return `Could not connect to ${walletName}`
}

/** An error whose message is already one of the catalogue's texts. */
export class UserError extends Error {
  override readonly name = 'UserError'
}

/** A backend answer that was not a success (thrown by the API client). */
export { ApiError }

/** Field errors of a 400 answer ({field: [messages]}), for forms: the first message of each. */
export function fieldErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError) || e.status !== 400) return {}
  const body = e.body
  if (body === null || typeof body !== 'object') return {}
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0]
    // `detail` is the whole answer's message and `request_id` its id for support: not fields.
    else if (typeof v === 'string' && k !== 'detail' && k !== 'request_id') out[k] = v
  }
  return out
}

/** A failure of an algod or indexer call. */
export class ChainError extends Error {
  override readonly name = 'ChainError'
  constructor(
    readonly kind: 'get' | 'post',
    override readonly cause: unknown,
  ) {
    super(messageOf(cause))
  }
}

/** A wallet failure while signing or connecting. */
export class WalletError extends Error {
  override readonly name = 'WalletError'
  constructor(
    readonly kind: 'sign' | 'connect' | 'accounts',
    readonly walletType: 'web' | 'extension',
    readonly walletName: string,
    override readonly cause: unknown,
  ) {
    super(messageOf(cause))
  }
}

function messageOf(e: unknown): string {
  if (e instanceof Error) {
    // algosdk's URLTokenBaseHTTPError keeps algod's JSON answer in response.body.
    const resp = (e as { response?: { body?: unknown } }).response
    const body = resp?.body
    if (body !== null && typeof body === 'object' && 'message' in body) {
      const m = body.message
      if (typeof m === 'string') return m
    }
    return e.message
  }
  return typeof e === 'string' ? e : ''
}

const MIN_BALANCE = /balance \d+ below min (\d+)/
const UNDERFLOW = /underflow|overspend|insufficient/i
const MAX_APPS = /max opted-in apps|maximum number of opted-in|too many applications/i
const POPUP = /pop-?up/i

/** The catalogue text for a ledger rejection, if it is one the catalogue names. */
export function ledgerMessage(text: string): string | undefined {
  const min = MIN_BALANCE.exec(text)
  if (min !== null) return minBalanceMessage(BigInt(min[1]))
  if (MAX_APPS.test(text)) return MESSAGES.maxApps
  if (UNDERFLOW.test(text)) return MESSAGES.insufficientFunds
  return undefined
}

/** The text the alert banner shows for any failure. */
export function userMessage(e: unknown): string {
  if (e instanceof UserError) return e.message
  if (e instanceof ApiError) return e.method === 'GET' ? MESSAGES.apiGet : MESSAGES.apiPost
  if (e instanceof WalletError) {
    if (POPUP.test(e.message)) return MESSAGES.popupBlocked
    if (e.kind === 'connect') return connectMessage(e.walletName)
    if (e.kind === 'accounts') return MESSAGES.accounts
    return e.walletType === 'web' ? MESSAGES.signWeb : MESSAGES.signExtension
  }
  if (e instanceof ChainError) {
    const known = ledgerMessage(e.message)
    if (known !== undefined) return known
    return e.kind === 'get' ? MESSAGES.chainGet : MESSAGES.chainPost
  }
  const text = messageOf(e)
  if (POPUP.test(text)) return MESSAGES.popupBlocked
  return ledgerMessage(text) ?? MESSAGES.unexpectedSend
}
