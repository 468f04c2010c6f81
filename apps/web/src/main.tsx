import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.js'
import { loadConfig } from './common/lib/config.js'
import { rememberConfig } from './rescue/sources.js'
import { paths } from './common/routing/paths.js'
import { createServices } from './common/state/services.js'
import './index.css'

const root = createRoot(document.getElementById('root')!)

// /rescue opened directly must work while our server is down: it never asks /api for anything.
if (window.location.pathname.replace(/\/$/, '') === paths.rescue) {
  void import('./rescue/standalone.js').then(({ RescueApp }) => {
    root.render(
      <StrictMode>
        <RescueApp />
      </StrictMode>,
    )
  })
} else {
  startApp()
}

function startApp(): void {
  loadConfig()
    .then((config) => {
      rememberConfig(config)
      root.render(
        <StrictMode>
          <App services={createServices(config)} />
        </StrictMode>,
      )
    })
    .catch(() => {
      root.render(
        <p role="alert" className="p-8">
          Could not get information from internal service
        </p>,
      )
    })
}
