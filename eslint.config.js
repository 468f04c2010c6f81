import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { layersPlugin } from './lint/layers.js'
import { STATE_KEYS_FILES, STATE_KEYS_IGNORES, stateKeysPlugin } from './lint/state-keys.js'
import { webRoomBlocks } from './lint/web-rooms.js'

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Bit twiddling on bigint and numbers is the AVM's daily work.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node, parserOptions: { projectService: false } },
  },
  {
    // The layer table (docs/architecture.md §3): which workspace may import which, and no
    // relative import into another workspace. Its own rule, so no-restricted-imports stays free
    // for other blocks.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { unica: layersPlugin },
    rules: { 'unica/layers': 'error' },
  },
  {
    // The manager's state has one home, @unica/contracts (lint/state-keys.js): product code
    // elsewhere never names a state key nor decodes state bytes itself.
    files: STATE_KEYS_FILES,
    ignores: STATE_KEYS_IGNORES,
    plugins: { 'unica-state': stateKeysPlugin },
    rules: { 'unica-state/keys': 'error' },
  },
  {
    // Server data access (apps/server/README.md "Layout"): routes and the worker reach the
    // database only through src/db/repositories/, so each table has one home. Outside src/db/,
    // nothing imports the connection, the schema or a driver (types such as Database may pass
    // through); the entry points, which open and migrate the database, are the exception.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/main.ts',
      'apps/server/src/admin.ts',
      'apps/server/src/index.ts',
      'apps/server/src/worker/main.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite'],
              message: 'Database access goes through src/db/repositories/.',
            },
            {
              regex: '(^|/)db(/(index|connection|schema|migrate)(\\.js)?)?/?$',
              allowTypeImports: true,
              message: 'Database access goes through src/db/repositories/.',
            },
          ],
        },
      ],
      // Without those imports a handle still reaches the database: its raw SQL (`query`,
      // `execute`, PGlite's `exec`) and Drizzle's builders on a handle named `db`. Routes receive
      // no handle at all (context.ts `routeContext`); the worker passes one to repositories.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='exec']:matches([callee.object.name='database'], [callee.object.property.name='database'])",
          message: 'Raw SQL goes in src/db/repositories/, not in routes or the worker.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(query|execute)$/]',
          message: 'Raw SQL goes in src/db/repositories/, not in routes or the worker.',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(select|selectDistinct|selectDistinctOn|insert|update|delete|with|\\$with|\\$count|transaction)$/]:matches([callee.object.name='db'], [callee.object.property.name='db'])",
          message: 'Queries go in src/db/repositories/: pass the handle to a repository function.',
        },
      ],
    },
  },
  // The web app's rooms (apps/web/README.md "Rooms"): src/common/ imports no feature, a feature
  // no other feature (one-direction exceptions in lint/web-rooms.js), and none the composition
  // root; app.tsx composes them. One block per room and folder depth, made from the table there.
  ...webRoomBlocks(),
  prettier,
)
