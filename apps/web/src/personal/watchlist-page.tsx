/** The Watchlist page (docs/product.md §12): the signed-in account's watched pieces. */
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { AssetCard, AssetGrid } from '../common/components/asset-card.js'
import { paths } from '../common/routing/paths.js'
import { useServices } from '../common/state/services.js'
import { watchlistQuery } from '../common/lib/personal-queries.js'
import { SignedInLoaded } from '../common/components/sign-in-prompt.js'
import { useSignedIn } from '../common/state/sign-in.js'

export function WatchlistPage() {
  const { api } = useServices()
  const { signedIn } = useSignedIn()
  const list = useQuery({ ...watchlistQuery(api), enabled: signedIn })
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Watchlist</h1>
      <SignedInLoaded what="your watchlist" query={list}>
        {(data) =>
          data.results.length === 0 ? (
            <p>
              You watch no pieces yet. Press the heart on a piece to follow it;{' '}
              <Link className="text-indigo-700 underline" to={paths.allItems}>
                see all items
              </Link>
              .
            </p>
          ) : (
            <AssetGrid>
              {data.results.map((a) => (
                <AssetCard key={a.guid} asset={a} />
              ))}
            </AssetGrid>
          )
        }
      </SignedInLoaded>
    </section>
  )
}
