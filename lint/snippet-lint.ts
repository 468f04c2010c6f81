/**
 * The repository's real ESLint config run on a snippet placed, in memory, at a path: how the lint
 * tests prove that a rule refuses what it should and allows the rest. The snippets are not on
 * disk, so type-aware parsing is off; every other rule is the real config.
 */
import { ESLint } from 'eslint'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import tseslint from 'typescript-eslint'
import { expect } from 'vitest'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ],
})

/** The messages of `rules` for `code` as the file at the absolute `path`; it must parse. */
export async function ruleMessages(
  path: string,
  code: string,
  rules: ReadonlySet<string>,
): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path, warnIgnored: true })
  expect(result.messages.filter((m) => m.ruleId === null)).toEqual([])
  return result.messages.filter((m) => rules.has(m.ruleId ?? '')).map((m) => m.message)
}
