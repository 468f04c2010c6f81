/** A row's "Who": a sale's buyer and seller by role, anything else whoever acted. */
import type { ActivityItem } from '@unica/schemas'
import { AddressLink } from '../common/components/address-link.js'
import { partiesOf } from './activity-words.js'

export function Parties({
  item,
}: {
  item: Pick<ActivityItem, 'type' | 'op_type' | 'sender' | 'counterparty'>
}) {
  const parties = partiesOf(item)
  if (parties.length === 0) return '—'
  return (
    <span className="inline-flex flex-col items-end gap-0.5 md:items-start">
      {parties.map((p) => (
        <span key={p.role} className="inline-flex items-baseline gap-1">
          {p.role !== 'By' && <span className="text-slate-600">{p.role}</span>}
          <AddressLink address={p.address} />
        </span>
      ))}
    </span>
  )
}
