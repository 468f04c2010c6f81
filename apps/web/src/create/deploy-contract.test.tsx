import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ALICE, BOB, asset, connected, renderApp } from '../test/harness.js'

describe('deploy screen', () => {
  const routes = (a: ReturnType<typeof asset>) => [
    (url: URL) => (url.pathname === `/api/assets/${a.guid}/` ? Response.json(a) : undefined),
  ]

  it("shows 'Deploy Contract' for DA and refuses anyone but the creator", async () => {
    const a = asset({ status: 'DA', creator_address: ALICE, application_id: null })
    const { services } = renderApp(`/admin/add-nft/${a.guid}`, {
      state: connected(BOB, true),
      routes: routes(a),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Deploy Contract' }))
    expect(services.store.get().alert?.text).toBe(
      'This process can only be finished by the person who started it',
    )
  })

  it('does not auto-start for someone else, even with start=true', async () => {
    const a = asset({ status: 'DC', creator_address: ALICE })
    const { services } = renderApp(`/admin/add-nft/${a.guid}?start=true`, {
      state: { ...connected(BOB, true), account: null },
      routes: routes(a),
    })
    expect(await screen.findByRole('button', { name: 'Finish Setup' })).toBeTruthy()
    // The checklist: created and deployed before this screen ran anything, setup still to do.
    const steps = screen.getByRole('list', { name: 'Setup steps' })
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '✓ Asset created: DoneDone',
      '✓ Contract deployed: DoneDone',
      '○ Setup finished: To doTo do',
    ])
    expect(services.store.get().alert).toBeNull()
    expect(services.store.get().pendingAction).toBeNull()
  })

  it('sends a ready asset to its details', async () => {
    const a = asset({ status: 'RD' })
    renderApp(`/admin/add-nft/${a.guid}`, {
      state: connected(ALICE, true),
      routes: [
        ...routes(a),
        (url: URL) =>
          url.pathname === '/api/operations/'
            ? Response.json({ count: 0, next: null, previous: null, results: [] })
            : undefined,
      ],
    })
    expect(await screen.findByRole('button', { name: 'Share' })).toBeTruthy()
  })
})
