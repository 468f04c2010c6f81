/**
 * Settings (docs/product.md §12), the account menu's "Email notifications": where the signed-in
 * account's notifications are mailed (email-settings.tsx). Signed out, the way to sign in.
 */
import { Spinner } from '../common/components/modal.js'
import { EmailSettingsSection } from './email-settings.js'
import { SignInPrompt } from '../common/components/sign-in-prompt.js'
import { useSignedIn } from '../common/state/sign-in.js'

export function SettingsPage() {
  const { signedIn, loading } = useSignedIn()
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">Settings</h1>
      {loading ? (
        <Spinner />
      ) : signedIn ? (
        <EmailSettingsSection />
      ) : (
        <SignInPrompt what="where your notifications are mailed" />
      )}
    </section>
  )
}
