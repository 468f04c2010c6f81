/** Home (spec section 2): hero, 'Buy, sell, and collect NFTs', newsletter sign-up. */
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { buttonClass, inputClass } from '../components/modal.js'
import { subscribeNewsletter } from '../lib/endpoints.js'
import { MESSAGES } from '../lib/errors.js'
import { useServices } from '../state/services.js'
import { paths } from './paths.js'

export const NEWSLETTER_ERROR = 'Invalid email.'

/** The newsletter's email check: required and valid. */
export function isValidEmail(email: string): boolean {
  const e = email.trim()
  return e.length > 0 && e.length <= 255 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)
}

export function Newsletter() {
  const { api } = useServices()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle')
  const id = useId()

  async function submit(e: React.SyntheticEvent) {
    e.preventDefault()
    if (!isValidEmail(email)) {
      setError(NEWSLETTER_ERROR)
      return
    }
    setState('sending')
    try {
      await subscribeNewsletter(api, email.trim())
      setState('done')
    } catch {
      setState('idle')
      setError(MESSAGES.apiPost)
    }
  }

  if (state === 'done') return <p className="text-lg font-semibold">You&apos;re in!</p>
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex max-w-md flex-col gap-2">
      <label htmlFor={id} className="font-medium">
        Get the latest drops in your inbox
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          placeholder="Email"
          className={inputClass}
          value={email}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? `${id}-error` : undefined}
          onFocus={() => {
            setError(null)
          }}
          onChange={(e) => {
            setEmail(e.target.value)
          }}
        />
        <button type="submit" className={buttonClass} disabled={state === 'sending'}>
          Subscribe
        </button>
      </div>
      {error !== null && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  )
}

export function HomePage() {
  return (
    <div className="flex flex-col gap-16">
      <section className="rounded-2xl bg-gradient-to-br from-indigo-600 to-fuchsia-600 px-6 py-16 text-white sm:px-12">
        <h1 className="max-w-2xl text-4xl font-bold sm:text-5xl">Buy, sell, and collect NFTs</h1>
        <p className="mt-4 max-w-xl text-lg text-indigo-100">
          One-of-one works on Algorand, priced in USDC.
        </p>
        <Link
          to={paths.featured}
          className="mt-8 inline-block rounded-md bg-white px-5 py-2.5 font-semibold text-indigo-700"
        >
          Explore
        </Link>
      </section>
      <section>
        <Newsletter />
      </section>
    </div>
  )
}
