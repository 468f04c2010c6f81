/** One figure of a page's summary (a count or a volume), in a definition list. */
import type { ReactNode } from 'react'

export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-xl font-semibold">{children}</dd>
    </div>
  )
}
