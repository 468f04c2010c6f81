import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'ipfs',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
})
