import { fireEvent, screen } from '@testing-library/react'
import algosdk from 'algosdk'
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

  it('has a royalty section: the creator by default, basis points, inline problems', async () => {
    renderApp('/admin/add-nft', { state: { ...connected(ALICE, true), account: account(0) } })
    const address = await screen.findByLabelText<HTMLInputElement>('Recipient 1 address')
    expect(address.value).toBe(ALICE)
    const percent = screen.getByLabelText<HTMLInputElement>('Recipient 1 royalty (%)')
    expect(percent.value).toBe('0')
    const real = algosdk.generateAccount().addr.toString()
    fireEvent.change(address, { target: { value: real } })
    fireEvent.change(percent, { target: { value: '2.5' } })
    expect(screen.getByText('250 basis points')).toBeTruthy()
    expect(screen.getByText('2.5%')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }))
    fireEvent.change(screen.getByLabelText('Recipient 2 address'), { target: { value: 'nope' } })
    fireEvent.change(screen.getByLabelText('Recipient 2 royalty (%)'), {
      target: { value: '13' },
    })
    expect(screen.getByText('Enter an Algorand address.')).toBeTruthy()
    expect(screen.getByText('The royalty adds up to more than 15%.')).toBeTruthy()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Add NFT/ }).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Remove recipient 2' }))
    expect(screen.queryByText('Enter an Algorand address.')).toBeNull()
    expect(screen.queryByText('The royalty adds up to more than 15%.')).toBeNull()
  })
})
