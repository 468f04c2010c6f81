import { defineProject } from 'vitest/config'

/** The cluster test starts nginx, five Node processes, the devnet and a database: minutes, not seconds. */
export default defineProject({
  test: {
    name: 'cluster',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
