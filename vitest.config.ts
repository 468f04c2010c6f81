import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * The server's tests run on PGlite always and, when TEST_DATABASE_URL names a PostgreSQL, a second
 * time there (project `server-postgres`; apps/server/test/database.ts picks the database).
 */
const onPostgres =
  process.env.TEST_DATABASE_URL === undefined || process.env.TEST_DATABASE_URL === ''
    ? []
    : [
        {
          extends: './apps/server/vitest.config.ts',
          root: './apps/server',
          test: {
            name: 'server-postgres',
            env: { UNICA_TEST_DATABASE: 'postgres' },
            // What reads no database, or only PGlite's template, would run twice for nothing.
            exclude: [
              'src/config.test.ts',
              'src/http/**',
              'src/media/**',
              'src/routes/fast-json.test.ts',
              'src/routes/csv.test.ts',
              'src/worker/*.test.ts',
              'src/db/template.test.ts',
              'src/db/lock.test.ts',
              'src/db/repositories/list-count.test.ts',
              'test/browser-headers.test.ts',
              'test/worker/operator.test.ts',
            ],
          },
        },
      ]

// One run over every workspace; each package keeps its tests beside its code. `lint` holds the
// repository-wide checks (the layer table, citations into docs/).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core machines CI runs on, one
    // test file at a time and a core left to the reporter. One file per core instead.
    maxWorkers: availableParallelism(),
    projects: ['packages/*', 'apps/*', 'bench', 'lint', ...onPostgres],
  },
})
