import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'launcher',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
