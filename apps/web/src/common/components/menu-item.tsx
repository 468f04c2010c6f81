/** The account menu's entries: one look for links and actions, and an action that closes the menu first. */
import { useId, type ReactNode } from 'react'

export const menuItemClass =
  'block w-full px-4 py-2 text-left hover:bg-slate-100 focus:bg-slate-100'

/**
 * A dropdown entry that closes the menu, then acts. A `hint` is a second line saying what it does
 * (its description, so the entry's name stays its first line).
 */
export function MenuAction(props: {
  onChoose: () => void
  run: () => void
  children: ReactNode
  hint?: string
}) {
  const hintId = useId()
  return (
    <button
      role="menuitem"
      type="button"
      className={menuItemClass}
      aria-describedby={props.hint === undefined ? undefined : hintId}
      onClick={() => {
        props.onChoose()
        props.run()
      }}
    >
      {props.hint === undefined ? (
        props.children
      ) : (
        <>
          <span className="block">{props.children}</span>
          <span id={hintId} aria-hidden="true" className="block text-xs text-slate-500">
            {props.hint}
          </span>
        </>
      )}
    </button>
  )
}
