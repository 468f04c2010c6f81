/**
 * Wallet sign-in from the web app (docs/security.md W24): ask the server for a challenge, have the
 * connected wallet sign the never-sent proof transaction, and send it; the server sets the
 * HttpOnly session cookie. Refusals (used, expired, foreign-origin challenge) show the server's
 * own message. Shared: the personal pages, the heart and the staff console all ask for a session.
 */
import { useQuery } from '@tanstack/react-query'
import { ApiError } from '@unica/schemas'
import { userMessage } from '../lib/errors.js'
import type { Services } from './services.js'
import { useServices } from './services.js'
import { useStore } from './store.js'
import { invalidatePersonal, personalKeys, sessionQuery } from '../lib/personal-queries.js'

/** The server's words for a refused sign-in (a 400's detail); else the app's usual message. */
export function signInMessage(e: unknown): string {
  if (e instanceof ApiError && e.status === 400) {
    const detail = (e.body as { detail?: unknown } | null)?.detail
    if (typeof detail === 'string') return `Sign-in refused: ${detail}`
  }
  return userMessage(e)
}

/** Signs the connected account in; answers whether it worked (failures raise the alert). */
export async function signIn(s: Services): Promise<boolean> {
  const { walletName, address } = s.store.get()
  if (walletName === null || address === null) {
    s.store.set({ modal: 'select-wallet' })
    return false
  }
  try {
    const challenge = await s.api.signInChallenge()
    const chain = await s.chain()
    const signedTxn = await chain.signInProof(walletName, address, challenge.note)
    const session = await s.api.signIn({ body: { signed_txn: signedTxn } })
    s.queryClient.setQueryData(personalKeys.session, session)
    await invalidatePersonal(s.queryClient)
    s.store.set({ alert: { kind: 'success', text: 'Signed in.' } })
    return true
  } catch (e) {
    s.store.set({ alert: { kind: 'error', text: signInMessage(e) }, modal: null })
    return false
  }
}

export async function signOut(s: Services): Promise<void> {
  try {
    await s.api.signOut()
  } catch (e) {
    s.store.set({ alert: { kind: 'error', text: userMessage(e) } })
    return
  }
  s.queryClient.setQueryData(personalKeys.session, { address: null, expires_at: null })
  await invalidatePersonal(s.queryClient)
}

/**
 * Who the session cookie signs in, when it is the connected account (a session of another
 * account than the one selected counts as signed out here).
 */
export function useSignedIn(): { signedIn: boolean; loading: boolean; address: string | null } {
  const { api, store } = useServices()
  const connected = useStore(store, (st) => st.address)
  const session = useQuery(sessionQuery(api))
  const address = session.data?.address ?? null
  return {
    signedIn: address !== null && address === connected,
    loading: session.isPending,
    address,
  }
}
