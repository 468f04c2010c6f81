import { describe, expect, it } from 'vitest'
import {
  ApiError,
  ChainError,
  MESSAGES,
  UserError,
  WalletError,
  fieldErrors,
  ledgerMessage,
  userMessage,
} from './errors.js'

describe('ledgerMessage', () => {
  it('reads the minimum from algod and shows it with 6 decimals', () => {
    const algod =
      'TransactionPool.Remember: transaction ABC: account XYZ balance 150000 below min 200000 (1 assets)'
    expect(ledgerMessage(algod)).toBe(
      'After this transaction, the balance would fall below the minimum of 0.200000 Algos',
    )
  })
  it('maps overspend and asset underflow to Insufficient funds', () => {
    expect(ledgerMessage('overspend (account X, data {...}, tried to spend {5})')).toBe(
      'Insufficient funds',
    )
    expect(ledgerMessage('underflow on subtracting 10 from sender amount 3')).toBe(
      'Insufficient funds',
    )
  })
  it('maps the opted-in apps limit', () => {
    expect(
      ledgerMessage('cannot opt in app 5 for X: max opted-in apps per acct (50) reached'),
    ).toBe(MESSAGES.maxApps)
  })
  it('leaves other texts alone', () => {
    expect(ledgerMessage('logic eval error: assert failed pc=12')).toBeUndefined()
  })
})

describe('userMessage', () => {
  it('tells GET and POST failures of the backend apart', () => {
    expect(userMessage(new ApiError('GET', '/api/assets/', 500, null))).toBe(
      'Could not get information from internal service',
    )
    expect(userMessage(new ApiError('POST', '/api/operations/send_tx/', 400, {}))).toBe(
      'Could not broadcast information to internal service',
    )
  })
  it('tells chain reads and writes apart, and prefers a known ledger reason', () => {
    expect(userMessage(new ChainError('get', new Error('Network request failed')))).toBe(
      'Could not get information from the Algorand blockchain',
    )
    expect(userMessage(new ChainError('post', new Error('logic eval error')))).toBe(
      'Could not broadcast information to the Algorand blockchain',
    )
    const body = { response: { body: { message: 'balance 0 below min 100000 (0 assets)' } } }
    const err = Object.assign(new Error('Network request error. Received status 400'), body)
    expect(userMessage(new ChainError('post', err))).toBe(
      'After this transaction, the balance would fall below the minimum of 0.100000 Algos',
    )
  })
  it('names the wallet type that failed to sign', () => {
    expect(userMessage(new WalletError('sign', 'web', 'Lute', new Error('rejected')))).toBe(
      'Transactions could not be signed',
    )
    expect(userMessage(new WalletError('sign', 'extension', 'Kibisis', new Error('no')))).toBe(
      'Transaction could not be signed',
    )
    expect(userMessage(new WalletError('connect', 'web', 'Lute', new Error('closed')))).toBe(
      'Could not connect to Lute',
    )
    expect(userMessage(new WalletError('accounts', 'web', 'Lute', new Error('x')))).toBe(
      'Could not get information about accounts',
    )
  })
  it('recognises a blocked pop-up', () => {
    expect(userMessage(new WalletError('connect', 'web', 'Lute', new Error('Popup blocked')))).toBe(
      MESSAGES.popupBlocked,
    )
  })
  it('passes catalogue texts through and falls back to the sending error', () => {
    expect(userMessage(new UserError(MESSAGES.noSellers))).toBe('There are no sellers to buy from')
    expect(userMessage(new Error('boom'))).toBe(
      'Unexpected error occured while sending transaction',
    )
  })
})

describe('fieldErrors', () => {
  it('reads the first message of each field of a 400', () => {
    const e = new ApiError('POST', '/api/assets/validate_asset/', 400, {
      detail: 'Invalid',
      name: ['Too long.'],
      unit_name: ['x'],
    })
    expect(fieldErrors(e)).toEqual({ name: 'Too long.', unit_name: 'x' })
    const withId = new ApiError('POST', '/api/assets/validate_asset/', 400, {
      detail: 'Invalid',
      name: ['Too long.'],
      request_id: '5c60a56d87f80601613e4a42af6b42d2',
    })
    expect(fieldErrors(withId)).toEqual({ name: 'Too long.' })
    expect(fieldErrors(new ApiError('POST', '/x/', 500, { name: ['x'] }))).toEqual({})
  })
})
