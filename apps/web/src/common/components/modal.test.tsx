import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Modal } from './modal.js'

describe('Modal', () => {
  it('is labelled, takes focus and keeps Tab inside', async () => {
    render(
      <>
        <button type="button">outside</button>
        <Modal title="Make offer" onClose={() => undefined}>
          <input aria-label="Amount" />
          <button type="button">Confirm</button>
        </Modal>
      </>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Make offer' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    for (let i = 0; i < 5; i++) {
      await userEvent.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await userEvent.tab({ shift: true })
    expect(dialog.contains(document.activeElement)).toBe(true)
  })

  it('closes on Escape unless it blocks', async () => {
    const onClose = vi.fn()
    render(
      <Modal title="Set price" onClose={onClose}>
        <button type="button">Confirm</button>
      </Modal>,
    )
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
  })
})
