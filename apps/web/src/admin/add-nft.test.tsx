import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ALICE, connected, renderApp } from '../test/harness.js'

const account = (appsOptedIn: number) => ({
  address: ALICE,
  amount: 10_000_000n,
  minBalance: 100_000n,
  assets: new Map<string, bigint>(),
  apps: new Map<string, bigint>(),
  appsOptedIn,
  createdGuids: new Set<string>(),
})

describe('create NFT screen', () => {
  it('has the fields, the image hint and upper-cases the ticker', async () => {
    renderApp('/admin/add-nft', { state: { ...connected(ALICE, true), account: account(0) } })
    expect(await screen.findByRole('heading', { name: 'Create NFT' })).toBeTruthy()
    expect(
      screen.getByText(/^Required: PNG, JPG or GIF, at most 4 MiB, any size from 1 x 1 px/),
    ).toBeTruthy()
    expect(screen.getByText('Recommended: square, at least 1,000 x 1,000 px.')).toBeTruthy()
    const ticker = screen.getByLabelText<HTMLInputElement>('Ticker Symbol')
    fireEvent.change(ticker, { target: { value: 'sun' } })
    expect(ticker.value).toBe('SUN')
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').rows).toBe(6)
  })

  it('disables Add NFT with the limits message at 10 opted-in applications', async () => {
    renderApp('/admin/add-nft', { state: { ...connected(ALICE, true), account: account(10) } })
    const box = await screen.findByText(/exceeded the maximum amount of opted-in applications/)
    expect(box.textContent).toBe(
      'You’ve exceeded the maximum amount of opted-in applications created per Algorand account. Use a different account or opt-out of other applications.',
    )
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Add NFT/ }).disabled).toBe(true)
  })
})
