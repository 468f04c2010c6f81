/**
 * The account menu's personal entries (docs/product.md §12): Sign in while the connected
 * account is not signed in; then Watchlist, Sessions, Email notifications and Sign out. Signing
 * in and out starts and ends this browser's session with Unica; the wallet stays connected
 * (Disconnect wallet, account-button.tsx, is the other one).
 */
import { Link } from 'react-router'
import { MenuAction, menuItemClass as item } from '../common/components/menu-item.js'
import { useServices } from '../common/state/services.js'
import { personalPaths } from './paths.js'
import { signIn, signOut, useSignedIn } from '../common/state/sign-in.js'

export function PersonalMenuItems({ close }: { close: () => void }) {
  const services = useServices()
  const { signedIn } = useSignedIn()
  if (!signedIn) {
    return (
      <MenuAction
        onChoose={close}
        run={() => void signIn(services)}
        hint="Starts a session: watchlist, alerts, email"
      >
        Sign in
      </MenuAction>
    )
  }
  return (
    <>
      <Link role="menuitem" className={item} to={personalPaths.watchlist} onClick={close}>
        Watchlist
      </Link>
      <Link role="menuitem" className={item} to={personalPaths.sessions} onClick={close}>
        Sessions
      </Link>
      <Link role="menuitem" className={item} to={personalPaths.settings} onClick={close}>
        Email notifications
      </Link>
      <MenuAction
        onChoose={close}
        run={() => void signOut(services)}
        hint="Ends the session; the wallet stays connected"
      >
        Sign out
      </MenuAction>
    </>
  )
}
