/** The head of an address's page (creator or collector, docs/product.md §11): its title, then the address and its links. */
import type { ReactNode } from 'react'

export function ProfileHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-1 break-all">{children}</p>
    </div>
  )
}
