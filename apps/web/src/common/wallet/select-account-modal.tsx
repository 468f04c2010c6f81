/**
 * Select account (docs/product.md §2): the wallet's accounts as a radio list, each with its whole
 * address (wrapped, never cut: the account button shows its first and last characters) and its
 * ALGO and USDC balances read from the chain; Select and Cancel.
 */
import { useQueries } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Modal, ModalActions, buttonClass } from '../components/modal.js'
import { ALGO_DECIMALS, formatGrouped } from '../lib/format.js'
import { selectAccount } from '../state/session.js'
import { useServices } from '../state/services.js'
import { useStore } from '../state/store.js'

/** Balances are a hint for choosing: read once per opening, not kept fresh. */
const BALANCE_STALE_MS = 30_000

export function SelectAccountModal() {
  const services = useServices()
  const { config } = services
  const accounts = useStore(services.store, (s) => s.accounts)
  const current = useStore(services.store, (s) => s.address)
  const [choice, setChoice] = useState(current ?? accounts.at(0) ?? '')
  const name = useId()
  const balances = useQueries({
    queries: accounts.map((address) => ({
      queryKey: ['wallet-account', address],
      queryFn: async () => {
        const account = await (await services.chain()).readAccount(address)
        return {
          algo: account.amount,
          usdc: account.assets.get(config.usdcId.toString()) ?? null,
        }
      },
      staleTime: BALANCE_STALE_MS,
      retry: false,
    })),
  })
  const close = () => {
    services.store.set({ modal: null })
  }

  return (
    <Modal title="Select account" onClose={close}>
      {accounts.length === 0 ? (
        <p>No accounts</p>
      ) : (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Account</legend>
          <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto">
            {accounts.map((address, i) => {
              const balance = balances[i]
              const id = `${name}-${String(i)}`
              return (
                <li key={address}>
                  <label
                    htmlFor={id}
                    className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50"
                  >
                    <input
                      id={id}
                      type="radio"
                      name={name}
                      value={address}
                      checked={choice === address}
                      className="mt-1"
                      onChange={() => {
                        setChoice(address)
                      }}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block break-all font-mono text-xs">{address}</span>
                      <span className="mt-1 block text-sm text-slate-600">
                        {balance.isPending ? (
                          'Loading balances…'
                        ) : balance.isError ? (
                          <span className="text-rose-700">Balances could not be read.</span>
                        ) : (
                          <>
                            {formatGrouped(balance.data.algo, ALGO_DECIMALS)} ALGO ·{' '}
                            {balance.data.usdc === null
                              ? 'no USDC (not opted in)'
                              : `${formatGrouped(balance.data.usdc, config.usdcDecimals)} USDC`}
                          </>
                        )}
                      </span>
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
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
