import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.js'
import { loadConfig } from './lib/config.js'
import { createServices } from './state/services.js'
import './index.css'

const root = createRoot(document.getElementById('root')!)

loadConfig()
  .then((config) => {
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
