/**
 * Select wallet (docs/product.md §2): the web wallet, the browser-extension signer (greyed out when
 * absent; clicking it then opens its store page; detection re-polled every 5 s) and, on the
 * devnet, KMD.
 */
import { useEffect, useState } from 'react'
import { Modal } from '../components/modal.js'
import { isDevNetwork } from '../lib/config.js'
import { connectWallet } from '../state/session.js'
import { useServices } from '../state/services.js'
import { EXTENSION_POLL_MS, offeredWallets, type WalletChoice } from './choices.js'

export function SelectWalletModal() {
  const services = useServices()
  const [extension, setExtension] = useState<boolean | null>(null)

  useEffect(() => {
    let live = true
    const check = () => {
      services
        .chain()
        .then((c) => c.detectKibisis())
        .then((found) => {
          if (live) setExtension(found)
        })
        .catch(() => {
          if (live) setExtension(false)
        })
    }
    check()
    const timer = setInterval(check, EXTENSION_POLL_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [services])

  const close = () => {
    services.store.set({ modal: null })
  }
  const choose = (w: WalletChoice) => {
    if (w.type === 'extension' && extension !== true) {
      if (w.storeUrl !== undefined) window.open(w.storeUrl, '_blank', 'noopener')
      return
    }
    void connectWallet(services, w.id)
  }

  return (
    <Modal title="Select wallet" onClose={close}>
      <ul className="space-y-2">
        {offeredWallets(isDevNetwork(services.config.network)).map((w) => {
          const absent = w.type === 'extension' && extension !== true
          return (
            <li key={w.id}>
              <button
                type="button"
                onClick={() => {
                  choose(w)
                }}
                aria-describedby={absent ? `${w.id}-absent` : undefined}
                className={`flex w-full items-center justify-between rounded-md border px-4 py-3 text-left hover:bg-slate-50 ${absent ? 'text-slate-400' : ''}`}
              >
                <span>{w.name}</span>
                <span className="text-sm text-slate-500">
                  {w.type === 'extension' ? 'Browser extension' : 'Web wallet'}
                </span>
              </button>
              {absent && (
                <p id={`${w.id}-absent`} className="mt-1 text-xs text-slate-500">
                  Not installed: click to open its store page.
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </Modal>
  )
}
