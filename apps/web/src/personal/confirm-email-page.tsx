/**
 * Where the confirmation mail's link leads (docs/product.md §12): a page, not the API's JSON. It
 * confirms the address with the token from the link (the API's GET …/email/confirm/), then says
 * so, or why not, with a way on to the settings. Opening the page needs no sign-in: the token is
 * the proof, as the mail was its only way out.
 */
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { ApiError } from '@unica/schemas'
import { Spinner } from '../common/components/modal.js'
import { userMessage } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { personalKeys } from '../common/lib/personal-queries.js'
import { personalPaths } from './paths.js'

const CONFIRM_MESSAGES = {
  missing: 'This link has no confirmation code. Open the link from the mail as it is.',
  confirmed: (address: string) => `${address} is confirmed: notifications will be mailed to it.`,
} as const

/** The server's words for a refused token (a 400 with a detail), else the catalogue's. */
function confirmErrorMessage(e: unknown): string {
  const detail = e instanceof ApiError ? (e.body as { detail?: unknown } | null)?.detail : null
  return e instanceof ApiError && e.status === 400 && typeof detail === 'string'
    ? detail
    : userMessage(e)
}

export function ConfirmEmailPage() {
  const services = useServices()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const confirm = useQuery({
    queryKey: [...personalKeys.email, 'confirm', token],
    queryFn: async () => {
      const answer = await services.api.confirmNotificationEmail({ query: { token } })
      // The settings, if open in another tab of this browser, read the new state.
      await services.queryClient.invalidateQueries({ queryKey: personalKeys.email, exact: true })
      return answer
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  })
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-bold">Confirm your email address</h1>
      {token === '' ? (
        <p role="alert" className="text-red-700">
          {CONFIRM_MESSAGES.missing}
        </p>
      ) : confirm.isPending ? (
        <Spinner label="Confirming your address" />
      ) : confirm.isError ? (
        <p role="alert" className="text-red-700">
          {confirmErrorMessage(confirm.error)}
        </p>
      ) : (
        <p role="status" className="text-green-800">
          {CONFIRM_MESSAGES.confirmed(confirm.data.address)}
        </p>
      )}
      <p className="flex flex-wrap gap-4">
        <Link to={personalPaths.settings} className="underline">
          Email settings
        </Link>
        <Link to="/" className="underline">
          Home
        </Link>
      </p>
    </section>
  )
}
