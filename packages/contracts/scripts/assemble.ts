/**
 * `npm run assemble -w @unica/contracts`: assembles `teal/*.teal` with `@unica/avm` (the same bytes
 * go-algorand's assembler produces) and writes `src/programs/compiled.ts`, so that the web app and
 * the server use the programs without bundling an assembler. `programs.test.ts` fails when the
 * file no longer matches the sources.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { compiledModule, readTeal } from './assemble-sources.js'

const out = fileURLToPath(new URL('../src/programs/compiled.ts', import.meta.url))
writeFileSync(out, await compiledModule(readTeal()))
console.log(`wrote ${out}`)
