/**
 * The app: services, query client and the routes of docs/product.md §2 (history mode). Screens that
 * need algosdk or wallet SDKs load on demand, so the home route stays small.
 *
 * The one place that composes the features (apps/web/README.md "Rooms"): it routes to each
 * feature's pages and fills the shared shell's and asset card's slots with what features add to
 * them (the search box, the bell, the session's menu entries, the heart, the countdown).
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react'
import {
  RouterProvider,
  createBrowserRouter,
  createMemoryRouter,
  type RouteObject,
} from 'react-router'
import { AssetCardSlotsContext, type AssetCardSlots } from './common/components/asset-card-slots.js'
import { Layout, type ShellSlots } from './common/components/layout.js'
import { Spinner } from './common/components/modal.js'
import { RouteError } from './common/components/route-error.js'
import { RequireStaff, RequireWallet } from './common/routing/guards.js'
import { restoreWallet } from './common/state/session.js'
import { ServicesContext, type Services } from './common/state/services.js'
import { Countdown } from './auction/countdown.js'
import { AssetListPage } from './discovery/asset-list.js'
import { FeaturedPage } from './discovery/featured.js'
import { HomePage } from './discovery/home.js'
import { LISTS } from './discovery/lists.js'
import { SearchBox } from './discovery/search-box.js'
import { LiveConnection } from './personal/live-connection.js'
import { PersonalMenuItems } from './personal/menu-items.js'
import { NotificationBell } from './personal/notification-bell.js'
import { personalPaths } from './personal/paths.js'
import { WatchButton } from './personal/watch-button.js'

const AssetDetailsPage = lazy(() =>
  import('./piece/asset-details.js').then((m) => ({ default: m.AssetDetailsPage })),
)
const AddNftPage = lazy(() =>
  import('./create/add-nft.js').then((m) => ({ default: m.AddNftPage })),
)
const DeployContractPage = lazy(() =>
  import('./create/deploy-contract.js').then((m) => ({ default: m.DeployContractPage })),
)
const BecomeCreatorPage = lazy(() =>
  import('./create/become-creator.js').then((m) => ({ default: m.BecomeCreatorPage })),
)
const discovery = () => import('./discovery/pages.js')
const SearchPage = lazy(() => discovery().then((m) => ({ default: m.SearchPage })))
const CreatorPage = lazy(() => discovery().then((m) => ({ default: m.CreatorPage })))
const AccountPage = lazy(() => discovery().then((m) => ({ default: m.AccountPage })))
const ActivityPage = lazy(() => discovery().then((m) => ({ default: m.ActivityPage })))
const userLists = () => import('./discovery/user-lists.js')
const MyNftsPage = lazy(() => userLists().then((m) => ({ default: m.MyNftsPage })))
const MyBidsPage = lazy(() => userLists().then((m) => ({ default: m.MyBidsPage })))
const CreatedNftsPage = lazy(() => userLists().then((m) => ({ default: m.CreatedNftsPage })))

const RescueRoute = lazy(() =>
  import('./rescue/route.js').then((m) => ({ default: m.RescueRoute })),
)
const personal = () => import('./personal/pages.js')
const WatchlistPage = lazy(() => personal().then((m) => ({ default: m.WatchlistPage })))
const SessionsPage = lazy(() => personal().then((m) => ({ default: m.SessionsPage })))
const SettingsPage = lazy(() => personal().then((m) => ({ default: m.SettingsPage })))
const ConfirmEmailPage = lazy(() => personal().then((m) => ({ default: m.ConfirmEmailPage })))

const ConsolePage = lazy(() =>
  import('./console/console-page.js').then((m) => ({ default: m.ConsolePage })),
)

/** What features put in the shell (common/components/layout.tsx). */
const shellSlots: ShellSlots = {
  search: <SearchBox />,
  bell: <NotificationBell />,
  sessionItems: (close) => <PersonalMenuItems close={close} />,
}

/** What features put on every asset card (common/components/asset-card-slots.ts). */
const cardSlots: AssetCardSlots = {
  watch: (asset) => <WatchButton guid={asset.guid} name={asset.name} />,
  auctionClock: (auction) => <Countdown auction={auction} className="self-start" />,
}

const page = (node: ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>

function NotFound() {
  return <p>This page does not exist.</p>
}

const routes: RouteObject[] = [
  {
    element: <Layout slots={shellSlots} />,
    // The shell itself failing: the error page alone (never the router's developer screen).
    errorElement: <RouteError />,
    children: [
      {
        // Every page's failure (a chunk that did not load, a render error) inside the shell, so
        // the navigation stays usable.
        errorElement: <RouteError />,
        children: pages(),
      },
    ],
  },
]

function pages(): RouteObject[] {
  return [
    { path: '/', element: <HomePage /> },
    { path: '/featured', element: <FeaturedPage /> },
    { path: '/all-items', element: <AssetListPage list={LISTS.allItems} /> },
    { path: '/for-sale', element: <AssetListPage list={LISTS.forSale} /> },
    { path: '/highest-bids', element: <AssetListPage list={LISTS.highestBids} /> },
    { path: '/recently-added', element: <AssetListPage list={LISTS.recent} /> },
    { path: '/ending-soon', element: <AssetListPage list={LISTS.endingSoon} /> },
    { path: '/nft/:id', element: page(<AssetDetailsPage />) },
    // The staff console (issue 19): it explains itself to visitors who are not staff.
    { path: '/admin', element: page(<ConsolePage />) },
    { path: '/admin/add-nft', element: <RequireStaff>{page(<AddNftPage />)}</RequireStaff> },
    {
      path: '/admin/add-nft/:id',
      element: <RequireStaff>{page(<DeployContractPage />)}</RequireStaff>,
    },
    {
      path: '/admin/apply',
      element: <RequireWallet>{page(<BecomeCreatorPage />)}</RequireWallet>,
    },
    {
      path: '/admin/nft-list',
      element: <RequireStaff>{page(<CreatedNftsPage />)}</RequireStaff>,
    },
    { path: '/my-nfts', element: <RequireWallet>{page(<MyNftsPage />)}</RequireWallet> },
    { path: '/my-bids', element: <RequireWallet>{page(<MyBidsPage />)}</RequireWallet> },
    // Discovery (docs/product.md §11).
    { path: '/search', element: page(<SearchPage />) },
    { path: '/creator/:address', element: page(<CreatorPage />) },
    { path: '/account/:address', element: page(<AccountPage />) },
    { path: '/activity', element: page(<ActivityPage />) },
    { path: '/rescue', element: page(<RescueRoute />) },
    // The signed-in account's pages (docs/product.md §12).
    { path: personalPaths.watchlist, element: page(<WatchlistPage />) },
    { path: personalPaths.sessions, element: page(<SessionsPage />) },
    { path: personalPaths.settings, element: page(<SettingsPage />) },
    { path: personalPaths.confirmEmail, element: page(<ConfirmEmailPage />) },
    { path: '*', element: <NotFound /> },
  ]
}

export function App({
  services,
  initialPath,
  restore = true,
}: {
  services: Services
  /** Tests start at a path in memory; the browser uses its address bar. */
  initialPath?: string
  /** Restore the stored wallet session on load. */
  restore?: boolean
}) {
  useEffect(() => {
    if (restore) void restoreWallet(services)
  }, [services, restore])
  const [router] = useState(() =>
    initialPath === undefined
      ? createBrowserRouter(routes)
      : createMemoryRouter(routes, { initialEntries: [initialPath] }),
  )
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <LiveConnection />
        <AssetCardSlotsContext.Provider value={cardSlots}>
          <RouterProvider router={router} />
        </AssetCardSlotsContext.Provider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  )
}
