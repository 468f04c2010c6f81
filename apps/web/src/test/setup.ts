import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// jsdom does not implement scrolling; the shell's scroll reset only needs the call to exist.
if (typeof window !== 'undefined') window.scrollTo = () => undefined

// findBy/waitFor give up after this long. The default (1 s) is a render budget, not a behaviour:
// with one test file per core on a 2-core machine a correct page can take longer to settle, and a
// wrong one still fails, only later.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  // Pure tests run in the node environment, which has no localStorage.
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
