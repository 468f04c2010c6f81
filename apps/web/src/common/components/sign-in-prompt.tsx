/**
 * What a page that needs a session (the personal pages, the staff console) shows to someone not
 * signed in: why, and the way to sign in.
 */
import type { ReactNode } from 'react'
import { Loaded } from './loaded.js'
import { Spinner, buttonClass } from './modal.js'
import { userMessage } from '../lib/errors.js'
import { useServices } from '../state/services.js'
import { signIn, useSignedIn } from '../state/sign-in.js'

export function SignInPrompt({ what }: { what: string }) {
  const services = useServices()
  return (
    <div className="flex flex-col items-start gap-3">
      <p>Sign in with your wallet to see {what}.</p>
      <button
        type="button"
        className={buttonClass}
        onClick={() => {
          void signIn(services)
        }}
      >
        Sign in
      </button>
    </div>
  )
}

/**
 * A personal page's list: a spinner while the session is read, the sign-in prompt when signed out,
 * then the query's spinner, its failure, or its data (the query runs only when signed in).
 */
export function SignedInLoaded<T>({
  what,
  query,
  children,
}: {
  what: string
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined }
  children: (data: T) => ReactNode
}) {
  const { signedIn, loading } = useSignedIn()
  if (loading) return <Spinner />
  if (!signedIn) return <SignInPrompt what={what} />
  return (
    <Loaded query={query} failure={userMessage}>
      {children}
    </Loaded>
  )
}
