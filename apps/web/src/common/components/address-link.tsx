/**
 * An address as the app shows it everywhere (docs/product.md §2 and §11): abbreviated and linking
 * to the explorer, as the spec has it, with a link to its page in the app (the collector's, or
 * the creator's) beside it.
 */
import { Link } from 'react-router'
import { explorerAddressUrl } from '../lib/config.js'
import { shortAddress } from '../lib/format.js'
import { useServices } from '../state/services.js'
import { discoveryPaths } from '../routing/discovery-paths.js'

export function AddressLink({
  address,
  page = 'account',
}: {
  address: string
  /** Which of the app's pages the address opens. */
  page?: 'account' | 'creator'
}) {
  const { config } = useServices()
  const explorer = explorerAddressUrl(config, address)
  const short = shortAddress(address)
  const creator = page === 'creator'
  return (
    <span className="inline-flex items-baseline gap-1.5">
      {explorer === undefined ? (
        <span title={address}>{short}</span>
      ) : (
        <a
          href={explorer}
          target="_blank"
          rel="noopener noreferrer"
          className="text-indigo-700 underline"
          title={address}
        >
          {short}
        </a>
      )}
      {/* An icon, not a word: the address keeps reading as itself (in tables, facts and copies),
          and the link's name says where it goes. */}
      <Link
        to={creator ? discoveryPaths.creator(address) : discoveryPaths.account(address)}
        className="inline-flex self-center rounded text-slate-600 hover:text-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
        aria-label={`${creator ? 'Works' : 'Profile'} of ${short}`}
        title={`${creator ? 'Works' : 'Profile'} of ${short}`}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="currentColor">
          <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-5.5 6a5.5 5.5 0 0 1 11 0 .5.5 0 0 1-.5.5H3a.5.5 0 0 1-.5-.5Z" />
        </svg>
      </Link>
    </span>
  )
}
