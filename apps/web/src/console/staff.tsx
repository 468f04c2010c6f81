/**
 * Staff: the list, add an account, remove one. The server refuses to remove the last staff
 * account (its message is shown); removing yourself ends your own access to the console.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState, type SyntheticEvent } from 'react'
import { buttonClass, inputClass, secondaryButtonClass } from '../common/components/modal.js'
import { useServices } from '../common/state/services.js'
import { Loadable } from './parts.js'
import { consoleMessage, invalidateConsole, staffQuery } from './queries.js'

const ADDRESS = /^[A-Z2-7]{58}$/

export function StaffSection({ me }: { me: string }) {
  const services = useServices()
  const { api } = services
  const list = useQuery(staffQuery(api))
  const [address, setAddress] = useState('')
  const [invalid, setInvalid] = useState(false)
  const inputId = useId()
  const errorId = useId()
  const done = async (text: string) => {
    services.store.set({ alert: { kind: 'success', text } })
    await invalidateConsole(services.queryClient)
  }
  const add = useMutation({
    mutationFn: (a: string) => api.addStaff({ params: { address: a } }),
    onSuccess: async (answer) => {
      setAddress('')
      await done(`${answer.address} is staff.`)
    },
  })
  const remove = useMutation({
    mutationFn: (a: string) => api.removeStaff({ params: { address: a } }),
    onSuccess: async (answer) => {
      await done(`${answer.address} is no longer staff.`)
    },
  })
  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    const value = address.trim().toUpperCase()
    const bad = !ADDRESS.test(value)
    setInvalid(bad)
    if (!bad) add.mutate(value)
  }
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <div className="flex grow flex-col gap-1">
          <label htmlFor={inputId}>Add a staff account</label>
          <input
            id={inputId}
            className={inputClass}
            placeholder="Algorand address"
            value={address}
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(e) => {
              setAddress(e.target.value)
            }}
          />
        </div>
        <button type="submit" className={buttonClass} disabled={add.isPending}>
          Add
        </button>
      </form>
      {invalid && (
        <p id={errorId} role="alert">
          Must be an Algorand address (58 letters and digits).
        </p>
      )}
      {add.isError && <p role="alert">{consoleMessage(add.error)}</p>}
      {remove.isError && <p role="alert">{consoleMessage(remove.error)}</p>}
      <Loadable query={list} empty={(d) => d.results.length === 0} emptyText="No staff accounts.">
        {(data) => (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
            {data.results.map((s) => (
              <li key={s.address} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span className="font-mono text-sm break-all">
                  {s.address}
                  {s.address === me && <strong className="ml-2 font-sans">(you)</strong>}
                </span>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={remove.isPending}
                  aria-label={`Remove ${s.address} from staff`}
                  onClick={() => {
                    remove.mutate(s.address)
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </Loadable>
    </div>
  )
}
