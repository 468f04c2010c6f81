import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Typing into forms is slow in jsdom; a test's budget must exceed the 5 s a lookup may wait
    // (src/test/setup.ts), or a slow machine fails a correct screen.
    testTimeout: 20_000,
  },
})
