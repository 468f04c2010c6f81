/**
 * Sessions (docs/security.md W24): the signed-in account's live sessions, this one marked, each
 * revocable. Revoking this one signs this browser out. Below them, where notifications are mailed.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { buttonClass } from '../common/components/modal.js'
import { useServices } from '../common/state/services.js'
import { userMessage } from '../common/lib/errors.js'
import { EmailSettingsSection } from './email-settings.js'
import { invalidatePersonal, personalKeys, sessionsQuery } from '../common/lib/personal-queries.js'
import { SignedInLoaded } from '../common/components/sign-in-prompt.js'
import { useSignedIn } from '../common/state/sign-in.js'

const when = (iso: string): string => new Date(iso).toLocaleString()

export function SessionsPage() {
  const services = useServices()
  const { signedIn } = useSignedIn()
  const sessions = useQuery({ ...sessionsQuery(services.api), enabled: signedIn })
  const revoke = useMutation({
    mutationFn: (id: string) => services.api.revokeSession({ params: { id } }),
    onSuccess: async (_answer, id) => {
      const current = sessions.data?.results.find((r) => r.id === id)?.current === true
      if (current) {
        services.queryClient.setQueryData(personalKeys.session, {
          address: null,
          expires_at: null,
        })
      }
      await invalidatePersonal(services.queryClient)
    },
  })
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Sessions</h1>
      <SignedInLoaded what="your sessions" query={sessions}>
        {(data) =>
          data.results.length === 0 ? (
            <p>No sessions.</p>
          ) : (
            <>
              {revoke.isError && <p role="alert">{userMessage(revoke.error)}</p>}
              <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
                {data.results.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <div className="text-sm">
                      <p>
                        Signed in {when(s.created_at)}
                        {s.current && <strong className="ml-2">(this browser)</strong>}
                      </p>
                      <p className="text-slate-500">Expires {when(s.expires_at)}</p>
                    </div>
                    <button
                      type="button"
                      className={buttonClass}
                      disabled={revoke.isPending}
                      onClick={() => {
                        revoke.mutate(s.id)
                      }}
                    >
                      Revoke
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </SignedInLoaded>
      {signedIn && <EmailSettingsSection />}
    </section>
  )
}
