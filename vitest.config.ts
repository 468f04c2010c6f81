import { defineConfig } from 'vitest/config'

// One run over every workspace; each package keeps its tests beside its code.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'bench'],
  },
})
