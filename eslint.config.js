import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { layersPlugin } from './lint/layers.js'

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
  prettier,
)
