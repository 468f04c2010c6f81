/**
 * A creator's page, `/creator/{address}` (docs/product.md §11): their number of works, of works
 * for sale, of sales, their sales volume and the royalties they earned on resales (paid or held
 * for them), then their works with the list filters.
 */
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { Address } from '@unica/schemas'
import { Usdc } from '../common/components/asset-card.js'
import { Loaded } from '../common/components/loaded.js'
import { AssetListView } from './asset-list.js'
import { useServices } from '../common/state/services.js'
import { AddressLink } from '../common/components/address-link.js'
import { ClearFiltersButton, FilterBar, useUrlFilters } from './filter-bar.js'
import { Figure } from './figure.js'
import { ProfileHeader } from './profile-header.js'
import { creatorQuery } from './queries.js'

export function CreatorPage() {
  const { address = '' } = useParams()
  const { api } = useServices()
  const valid = Address.safeParse(address).success
  const profile = useQuery({ ...creatorQuery(api, address), enabled: valid })
  const url = useUrlFilters()
  if (!valid) return <p role="alert">This is not an Algorand address.</p>
  const filters = { status: 'RD' as const, ...url.filters, creator_address: address }
  return (
    <section className="flex flex-col gap-6">
      <ProfileHeader title="Creator">
        <AddressLink address={address} page="account" />
      </ProfileHeader>
      <Loaded query={profile}>
        {(data) => (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            <Figure label="Works">{data.works}</Figure>
            <Figure label="For sale">{data.for_sale}</Figure>
            <Figure label="Sales">{data.sales}</Figure>
            <Figure label="Sales volume">
              <Usdc value={data.volume} />
            </Figure>
            <Figure label="Royalties earned">
              <Usdc value={data.royalties_earned} />
            </Figure>
          </dl>
        )}
      </Loaded>
      <div>
        <h2 className="mb-4 text-2xl font-bold">Works</h2>
        <FilterBar creator={false} />
        <AssetListView
          key={JSON.stringify(filters)}
          filters={filters}
          empty={url.active ? 'No works match these filters.' : 'No works yet.'}
          emptyAction={url.active ? <ClearFiltersButton /> : undefined}
        />
      </div>
    </section>
  )
}
