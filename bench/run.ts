/**
 * `npm run bench -- NAME`: runs one benchmark. Figures are printed beside a baseline measured in
 * the same run (these machines are noisy), so read the ratios, not the absolute numbers.
 */
const BENCHMARKS: Readonly<
  Partial<Record<string, () => Promise<{ main: () => Promise<void> | void }>>>
> = {
  api: () => import('./api.js'),
  avm: () => import('./avm.js'),
  devnet: () => import('./devnet.js'),
  discovery: () => import('./discovery.js'),
  launcher: () => import('./launcher.js'),
  live: () => import('./live.js'),
  web: () => import('./web.js'),
}

const name = process.argv.at(2)
const load = name === undefined ? undefined : BENCHMARKS[name]
if (load === undefined) {
  console.error(`usage: npm run bench -- NAME   (one of: ${Object.keys(BENCHMARKS).join(', ')})`)
  process.exitCode = 2
} else {
  await (await load()).main()
}
