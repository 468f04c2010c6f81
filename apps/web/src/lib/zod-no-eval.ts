/**
 * zod v4 compiles fast object parsers with `new Function`, and probes for it when the first object
 * schema is built. Our Content-Security-Policy allows no eval: the probe's error is caught, but the
 * browser still reports a violation. jitless mode parses without generated code and skips the
 * probe. It must run before any schema is built, so main.tsx imports this module first.
 */
import { config } from 'zod'

config({ jitless: true })
