import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_KEY, RouteError, isChunkLoadError, reloadForChunk } from './route-error.js'

function Broken(): never {
  throw new Error('boom')
}

describe('a route that fails', () => {
  beforeEach(() => {
    // React reports an error its boundary caught; this test provokes one on purpose.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('says what happened with Reload and Home, not the router’s developer screen', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <p>home</p> },
      { path: '/broken', element: <Broken />, errorElement: <RouteError /> },
    ])
    await router.navigate('/broken')
    render(<RouterProvider router={router} />)
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong on this page' }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/')
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull()
  })
})

describe('a chunk that failed to load', () => {
  it('is told apart from other errors', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'),
      ),
    ).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
  })

  it('reloads once, then not again within the guard', () => {
    const storage = window.sessionStorage
    storage.removeItem(CHUNK_RELOAD_KEY)
    const reload = vi.fn()
    expect(reloadForChunk(storage, 1_000_000, reload)).toBe(true)
    expect(reloadForChunk(storage, 1_000_000 + 5_000, reload)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    // Much later (another deploy), it may reload again.
    expect(reloadForChunk(storage, 1_000_000 + 120_000, reload)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
