/** What a personal page shows to someone not signed in: why, and the way to sign in. */
import { buttonClass } from '../components/modal.js'
import { useServices } from '../state/services.js'
import { signIn } from './sign-in.js'

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
