/**
 * A role's actions on a piece as buttons (the trade buttons of the details page, the auction
 * panel's): the first one primary, the rest secondary. A blocked action stays visible, disabled,
 * and names the text that says why.
 */
import { buttonClass, secondaryButtonClass } from './modal.js'

export function ActionButtons<K extends string>({
  actions,
  blocked,
  onAction,
}: {
  actions: readonly { readonly kind: K; readonly label: string }[]
  /** The id of the text saying why an action is blocked; `true` when no text says it. */
  blocked: (kind: K) => string | true | null
  onAction: (kind: K) => void
}) {
  return actions.map((a, i) => {
    const why = blocked(a.kind)
    return (
      <button
        key={a.kind}
        type="button"
        className={i === 0 ? buttonClass : secondaryButtonClass}
        disabled={why !== null}
        aria-describedby={typeof why === 'string' ? why : undefined}
        onClick={() => {
          onAction(a.kind)
        }}
      >
        {a.label}
      </button>
    )
  })
}
