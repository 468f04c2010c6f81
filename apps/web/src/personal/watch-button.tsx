/**
 * The heart on every card and on the details page (docs/product.md §12): a toggle button
 * (aria-pressed) that adds the piece to the signed-in account's watchlist or removes it. Signed
 * out, a click asks to sign in first (connect a wallet when none is), then watches.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { useServices } from '../common/state/services.js'
import { userMessage } from '../common/lib/errors.js'
import { personalKeys, watchlistQuery } from '../common/lib/personal-queries.js'
import { signIn, useSignedIn } from '../common/state/sign-in.js'

export function WatchButton({ guid, name }: { guid: string; name: string }) {
  const services = useServices()
  const { signedIn } = useSignedIn()
  const list = useQuery({ ...watchlistQuery(services.api), enabled: signedIn })
  const watched = signedIn && list.data?.results.some((a) => a.guid === guid) === true
  const toggle = useMutation({
    mutationFn: async (watch: boolean) =>
      watch
        ? services.api.watchAsset({ params: { guid } })
        : services.api.unwatchAsset({ params: { guid } }),
    onSuccess: () => services.queryClient.invalidateQueries({ queryKey: personalKeys.watchlist }),
    onError: (e) => {
      services.store.set({ alert: { kind: 'error', text: userMessage(e) } })
    },
  })
  const onClick = async (): Promise<void> => {
    if (!signedIn) {
      if (services.store.get().address === null) {
        services.store.set({
          modal: 'select-wallet',
          alert: { kind: 'error', text: 'Connect your wallet and sign in to keep a watchlist.' },
        })
        return
      }
      if (!(await signIn(services))) return
      toggle.mutate(true)
      return
    }
    toggle.mutate(!watched)
  }
  return (
    <button
      type="button"
      aria-pressed={watched}
      aria-label={watched ? `Remove ${name} from your watchlist` : `Watch ${name}`}
      title={watched ? 'Watching: click to stop' : 'Watch'}
      disabled={toggle.isPending}
      className="rounded-full p-1.5 text-rose-600 hover:bg-rose-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-500 disabled:opacity-50"
      onClick={() => {
        void onClick()
      }}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill={watched ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 21s-7.5-4.6-9.5-9.3C1.1 8.4 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.5h2C14 6.1 15.4 5 17.4 5c3.4 0 5.5 3.4 4.1 6.7C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  )
}
