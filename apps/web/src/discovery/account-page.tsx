/**
 * A collector's page, `/account/{address}` (docs/product.md §11): the pieces they own and their
 * open bids, which the chain makes public anyway; a link to the works they created, if any.
 */
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { Address } from '@unica/schemas'
import { Usdc } from '../common/components/asset-card.js'
import { Loaded } from '../common/components/loaded.js'
import { AssetListView } from './asset-list.js'
import { paths } from '../common/routing/paths.js'
import { useServices } from '../common/state/services.js'
import { AddressLink } from '../common/components/address-link.js'
import { Figure } from './figure.js'
import { discoveryPaths } from '../common/routing/discovery-paths.js'
import { ProfileHeader } from './profile-header.js'
import { accountQuery, creatorQuery } from './queries.js'

export function AccountPage() {
  const { address = '' } = useParams()
  const { api } = useServices()
  const valid = Address.safeParse(address).success
  const profile = useQuery({ ...accountQuery(api, address), enabled: valid })
  // The link to their works only when there are some (unknown while loading, or on failure: none).
  const works = useQuery({ ...creatorQuery(api, address), enabled: valid }).data?.works ?? 0
  if (!valid) return <p role="alert">This is not an Algorand address.</p>
  return (
    <section className="flex flex-col gap-6">
      <ProfileHeader title="Collector">
        <AddressLink address={address} />{' '}
        {works > 0 && (
          <Link to={discoveryPaths.creator(address)} className="text-sm underline">
            Works created ({works})
          </Link>
        )}
      </ProfileHeader>
      <Loaded query={profile}>
        {(data) => (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure label="Owned">{data.owned}</Figure>
              <Figure label="Open bids">{data.bids.length}</Figure>
            </dl>
            <div>
              <h2 className="mb-4 text-2xl font-bold">Open bids</h2>
              {data.bids.length === 0 ? (
                <p>No open bids.</p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
                  {data.bids.map((b) => (
                    <li key={b.asset.guid} className="flex justify-between gap-4 px-4 py-3">
                      <Link to={paths.asset(b.asset.guid)} className="truncate underline">
                        {b.asset.name}
                      </Link>
                      <span className="shrink-0">
                        <Usdc value={b.amount} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </Loaded>
      <div>
        <h2 className="mb-4 text-2xl font-bold">Owned pieces</h2>
        <AssetListView
          filters={{ status: 'RD', owner_address: address }}
          empty="Owns no pieces listed here."
        />
      </div>
    </section>
  )
}
