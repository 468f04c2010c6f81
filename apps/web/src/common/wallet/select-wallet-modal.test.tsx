import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../test/harness.js'

describe('select wallet', () => {
  it('greys out an absent extension and opens its store page on click', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const { services } = renderApp('/')
    await userEvent.click(screen.getByRole('button', { name: 'Connect to wallet' }))
    expect(await screen.findByText('Not installed: click to open its store page.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: /Kibisis/ }))
    expect(open).toHaveBeenCalledWith('https://kibis.is', '_blank', 'noopener')
    expect(services.store.get().walletName).toBeNull()
    open.mockRestore()
  })
})
