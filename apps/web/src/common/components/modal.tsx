/**
 * An accessible modal dialog: labelled, focus moved inside and trapped there, Escape closes it
 * (unless it blocks, like the progress modal), focus returns where it was on close.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function Modal({
  title,
  onClose,
  children,
  blocking = false,
}: {
  title: string
  onClose?: () => void
  children: ReactNode
  blocking?: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    const root = ref.current
    const first = root?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? root)?.focus()
    return () => previous?.focus()
  }, [])

  function onKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape' && !blocking && onClose !== undefined) {
      e.stopPropagation()
      onClose()
      return
    }
    if (e.key !== 'Tab' || ref.current === null) return
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (items.length === 0) {
      e.preventDefault()
      return
    }
    const first = items[0]
    const last = items[items.length - 1]
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="max-h-full w-full max-w-md overflow-y-auto rounded-lg bg-white p-6 shadow-xl outline-none"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {!blocking && onClose !== undefined && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="rounded px-2 text-xl leading-none text-slate-500 hover:text-slate-900"
            >
              ×
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  )
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  )
}

/** A dialog's closing row: Cancel, then its own confirming button(s). */
export function ModalActions(props: {
  onCancel: () => void
  className?: string
  children: ReactNode
}) {
  return (
    <div className={`flex justify-end gap-2 ${props.className ?? ''}`.trim()}>
      <button type="button" className={secondaryButtonClass} onClick={props.onCancel}>
        Cancel
      </button>
      {props.children}
    </div>
  )
}

export const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50'
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50'
export const inputClass =
  'w-full rounded-md border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500'
