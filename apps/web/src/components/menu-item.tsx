/** The account menu's entries: one look for links and actions, and an action that closes the menu first. */
import type { ReactNode } from 'react'

export const menuItemClass =
  'block w-full px-4 py-2 text-left hover:bg-slate-100 focus:bg-slate-100'

/** A dropdown entry that closes the menu, then acts. */
export function MenuAction(props: { onChoose: () => void; run: () => void; children: ReactNode }) {
  return (
    <button
      role="menuitem"
      type="button"
      className={menuItemClass}
      onClick={() => {
        props.onChoose()
        props.run()
      }}
    >
      {props.children}
    </button>
  )
}
