/**
 * Rows of market activity (docs/product.md §11): what happened, to which piece, by whom, for how
 * much, in which transaction, when. A sale names its buyer and seller by role. Stacked rows below 768 px, as the transaction table.
 */
import type { ActivityItem } from '@unica/schemas'
import { Link } from 'react-router'
import { Usdc } from '../common/components/asset-card.js'
import { StackedTable } from '../common/components/stacked-table.js'
import { explorerTxUrl } from '../common/lib/config.js'
import { formatWhen, shortAddress } from '../common/lib/format.js'
import { paths } from '../common/routing/paths.js'
import { useServices } from '../common/state/services.js'
import { activityLabel } from './activity-words.js'
import { Parties } from './parties.js'

const COLUMNS = ['Event', 'Piece', 'Who', 'Price', 'Transaction', 'When'] as const

export function ActivityTable({ items }: { items: readonly ActivityItem[] }) {
  const { config } = useServices()
  const rows = items.map((item) => {
    const tx = item.tx_id === null ? undefined : explorerTxUrl(config, item.tx_id)
    const cells = [
      activityLabel(item),
      item.asset === null ? (
        '—'
      ) : (
        <Link key="piece" to={paths.asset(item.asset.guid)} className="underline">
          {item.asset.name}
        </Link>
      ),
      <Parties key="who" item={item} />,
      <Usdc key="price" value={item.value} />,
      item.tx_id === null || tx === undefined ? (
        '—'
      ) : (
        <a key="tx" href={tx} target="_blank" rel="noopener noreferrer" className="underline">
          {shortAddress(item.tx_id)}
        </a>
      ),
      formatWhen(item.block_time),
    ]
    return { key: item.operation_id, cells }
  })
  return <StackedTable columns={COLUMNS} rows={rows} truncate />
}
