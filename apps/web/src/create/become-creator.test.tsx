import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BOB, connected, renderApp } from '../test/harness.js'

const ok = (url: URL) =>
  url.pathname === '/api/users/submit_creator_application/'
    ? Response.json({ id: '1' }, { status: 201 })
    : undefined

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`))
    await userEvent.clear(input)
    if (value !== '') await userEvent.type(input, value)
  }
}

const VALID = {
  Name: 'Ada',
  Email: 'ada@example.com',
  'About you': 'I paint sunrises.',
  Twitter: 'https://x.com/ada',
  'Portfolio / website': 'https://ada.example.com',
}

describe('become a creator', () => {
  it('shows the guidelines and that applications are not reviewed now', async () => {
    renderApp('/admin/apply', { state: connected(BOB, false) })
    expect(
      await screen.findByText('Applications are not being reviewed at the moment.'),
    ).toBeTruthy()
    expect(screen.getByText('Supported file types: png, gif, jpeg, mp4.')).toBeTruthy()
  })

  it('reports every rule of docs/product.md §5', async () => {
    const { requests } = renderApp('/admin/apply', { state: connected(BOB, false), routes: [ok] })
    await screen.findByRole('heading', { name: 'Become a Creator' })
    await fill({ Name: 'A', Alias: 'B', Email: 'nope', 'About you': 'short', Twitter: 'not a url' })
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    const messages = (await screen.findAllByRole('alert')).map((a) => a.textContent)
    expect(messages).toEqual([
      'Ensure this field has at least 2 characters.',
      'Ensure this field has at least 2 characters.',
      'Enter a valid email address.',
      'Ensure this field has at least 10 characters.',
      'Enter a valid URL.',
      'This field is required.',
    ])
    expect(requests.some((r) => r.init?.method === 'POST')).toBe(false)
  })

  it('needs at least one social account, and typing in a social field clears that error', async () => {
    renderApp('/admin/apply', { state: connected(BOB, false), routes: [ok] })
    await screen.findByRole('heading', { name: 'Become a Creator' })
    await fill({ ...VALID, Twitter: '' })
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('You need at least 1 social media account.')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Behance'), 'h')
    expect(screen.queryByText('You need at least 1 social media account.')).toBeNull()
  })

  it('limits the name to 70 characters', async () => {
    renderApp('/admin/apply', { state: connected(BOB, false), routes: [ok] })
    await screen.findByRole('heading', { name: 'Become a Creator' })
    await fill(VALID)
    await userEvent.clear(screen.getByLabelText(/^Name/))
    await userEvent.click(screen.getByLabelText(/^Name/))
    await userEvent.paste('x'.repeat(71))
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(
      await screen.findByText('Ensure this field has no more than 70 characters.'),
    ).toBeTruthy()
  })

  it('submits a valid application and thanks the applicant', async () => {
    const { requests } = renderApp('/admin/apply', { state: connected(BOB, false), routes: [ok] })
    await screen.findByRole('heading', { name: 'Become a Creator' })
    await fill({ ...VALID, Email: '  ada@example.com  ' })
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Thanks, we received your application!')).toBeTruthy()
    const body = JSON.parse(
      requests.find((r) => r.init?.method === 'POST')!.init?.body as string,
    ) as Record<string, string>
    expect(body.wallet_address).toBe(BOB)
    expect(body.name).toBe('Ada')
  })
})
