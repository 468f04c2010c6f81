// `npm start` will run devnet + server + web on http://localhost:8000 once those exist (see
// README "Status"). Until then it says so plainly instead of pretending.
console.error(
  [
    'Unica cannot start yet: the marketplace app (devnet, server, web) arrives in later work.',
    'What exists today is the AVM library in packages/avm; run `npm test` to exercise it,',
    'or `npm run bench -- avm` for its benchmark.',
  ].join('\n'),
)
process.exitCode = 1
