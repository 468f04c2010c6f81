/**
 * The account menu's personal entries (docs/product.md §12): Sign in while the connected
 * account is not signed in; then Watchlist, Sessions and Sign out.
 */
import { Link } from 'react-router'
import { MenuAction, menuItemClass as item } from '../components/menu-item.js'
import { useServices } from '../state/services.js'
import { personalPaths } from './paths.js'
import { signIn, signOut, useSignedIn } from './sign-in.js'

export function PersonalMenuItems({ close }: { close: () => void }) {
  const services = useServices()
  const { signedIn } = useSignedIn()
  if (!signedIn) {
    return (
      <MenuAction onChoose={close} run={() => void signIn(services)}>
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
      <MenuAction onChoose={close} run={() => void signOut(services)}>
        Sign out
      </MenuAction>
    </>
  )
}
