import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'avm',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
})
