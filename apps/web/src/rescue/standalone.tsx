/**
 * /rescue opened directly: rendered without the app's shell or services, so nothing calls our API
 * (the shell loads /api/config, the session and live events). Its configuration is the one the
 * app last remembered, or the build's (sources.ts).
 */
import { RescuePage } from './rescue-page.js'
import { rescueConfig } from './sources.js'

export function RescueApp() {
  return (
    <main>
      <p className="border-b border-slate-200 px-4 py-3 text-xl font-bold tracking-tight">
        <a href="/">Unica</a>
      </p>
      <RescuePage config={rescueConfig()} />
    </main>
  )
}
