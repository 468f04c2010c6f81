import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'devnet',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
})
