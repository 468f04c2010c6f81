import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { layersPlugin } from './lint/layers.js'
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
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(query|exec)$/]:matches([callee.object.name='database'], [callee.object.property.name='database'])",
          message: 'Raw SQL goes in src/db/repositories/, not in routes or the worker.',
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
