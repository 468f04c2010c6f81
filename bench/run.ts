/**
 * `npm run bench -- NAME`: runs one benchmark. Figures are printed beside a baseline measured in
 * the same run (these machines are noisy), so read the ratios, not the absolute numbers.
 *
 * `npm run bench -- NAME --against DIR [--rounds N]`: the same benchmark in this checkout and in
 * another, alternating, with the figures side by side at the end (against.ts).
 */
import { parseArgs } from 'node:util'

const BENCHMARKS: Readonly<
  Partial<Record<string, () => Promise<{ main: () => Promise<void> | void }>>>
> = {
  api: () => import('./api.js'),
  avm: () => import('./avm.js'),
  cluster: () => import('./cluster.js'),
  devnet: () => import('./devnet.js'),
  discovery: () => import('./discovery.js'),
  launcher: () => import('./launcher.js'),
  live: () => import('./live.js'),
  web: () => import('./web.js'),
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { against: { type: 'string' }, rounds: { type: 'string', default: '2' } },
})
const name = positionals.at(0)
const load = name === undefined ? undefined : BENCHMARKS[name]
const rounds = Number(values.rounds)
if (name === undefined || load === undefined || !Number.isSafeInteger(rounds) || rounds < 1) {
  console.error(
    `usage: npm run bench -- NAME [--against DIR] [--rounds N]   (NAME one of: ${Object.keys(BENCHMARKS).join(', ')})`,
  )
  process.exitCode = 2
} else if (values.against !== undefined) {
  await (await import('./against.js')).compare(name, values.against, rounds)
} else {
  await (await load()).main()
}
