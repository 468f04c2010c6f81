/** Home (docs/product.md §2): hero, 'Buy, sell, and collect NFTs', newsletter sign-up. */
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { NewsletterSubscription } from '@unica/schemas'
import { buttonClass, inputClass } from '../common/components/modal.js'
import { MarketSummary } from './market-summary.js'
import { MESSAGES } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { paths } from '../common/routing/paths.js'

function Newsletter() {
  const { api } = useServices()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle')
  const id = useId()

  async function submit(e: React.SyntheticEvent) {
    e.preventDefault()
    // The server's own rule (docs/product.md §5), so the two never disagree.
    const checked = NewsletterSubscription.safeParse({ email })
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Invalid email.')
      return
    }
    setState('sending')
    try {
      await api.submitNewsletterSubscription({ body: { email: checked.data.email } })
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
      <MarketSummary />
      <section>
        <Newsletter />
      </section>
    </div>
  )
}
