/** Select account (docs/product.md §2): a dropdown of the wallet's addresses, Select and Cancel. */
import { useId, useState } from 'react'
import { Modal, ModalActions, buttonClass, inputClass } from '../components/modal.js'
import { selectAccount } from '../state/session.js'
import { useServices } from '../state/services.js'
import { useStore } from '../state/store.js'

export function SelectAccountModal() {
  const services = useServices()
  const accounts = useStore(services.store, (s) => s.accounts)
  const current = useStore(services.store, (s) => s.address)
  const [choice, setChoice] = useState(current ?? accounts.at(0) ?? '')
  const id = useId()
  const close = () => {
    services.store.set({ modal: null })
  }

  return (
    <Modal title="Select account" onClose={close}>
      {accounts.length === 0 ? (
        <p>No accounts</p>
      ) : (
        <>
          <label htmlFor={id} className="mb-1 block text-sm font-medium">
            Account
          </label>
          <select
            id={id}
            className={`${inputClass} font-mono text-xs`}
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value)
            }}
          >
            {accounts.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </>
      )}
      <ModalActions onCancel={close} className="mt-6">
        <button
          type="button"
          className={buttonClass}
          disabled={choice === ''}
          onClick={() => void selectAccount(services, choice)}
        >
          Select
        </button>
      </ModalActions>
    </Modal>
  )
}
