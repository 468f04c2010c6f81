/**
 * The account menu's personal entries (docs/product.md §12): Sign in while the connected
 * account is not signed in; then Watchlist, Sessions and Sign out.
 */
import { Link } from 'react-router'
import { useServices } from '../state/services.js'
import { personalPaths } from './paths.js'
import { signIn, signOut, useSignedIn } from './sign-in.js'

const item = 'block w-full px-4 py-2 text-left hover:bg-slate-100 focus:bg-slate-100'

/** A menu entry that closes the menu, then runs its action. */
function ActionItem({ label, run, close }: { label: string; run: () => void; close: () => void }) {
  return (
    <button
      role="menuitem"
      type="button"
      className={item}
      onClick={() => {
        close()
        run()
      }}
    >
      {label}
    </button>
  )
}

export function PersonalMenuItems({ close }: { close: () => void }) {
  const services = useServices()
  const { signedIn } = useSignedIn()
  if (!signedIn) {
    return <ActionItem label="Sign in" run={() => void signIn(services)} close={close} />
  }
  return (
    <>
      <Link role="menuitem" className={item} to={personalPaths.watchlist} onClick={close}>
        Watchlist
      </Link>
      <Link role="menuitem" className={item} to={personalPaths.sessions} onClick={close}>
        Sessions
      </Link>
      <ActionItem label="Sign out" run={() => void signOut(services)} close={close} />
    </>
  )
}
