// zod v4 compiles fast object parsers with `new Function`, and probes for it as soon as the first
// object schema is built. Our Content-Security-Policy allows no eval: the probe's error is caught,
// but the browser still reports a violation. zod reads this global config when its module loads,
// so it must be set by a classic script that runs before the app's modules (index.html). With
// jitless, zod parses without generated code and never probes.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
})
