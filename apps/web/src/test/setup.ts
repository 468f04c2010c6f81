import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom does not implement scrolling; the shell's scroll reset only needs the call to exist.
if (typeof window !== 'undefined') window.scrollTo = () => undefined

afterEach(() => {
  cleanup()
  // Pure tests run in the node environment, which has no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
