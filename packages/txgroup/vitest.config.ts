import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'txgroup',
    include: ['src/**/*.test.ts'],
  },
})
