/**
 * An address as the app shows it everywhere (docs/product.md §2 and §11): abbreviated and linking
 * to the explorer, as the spec has it, with a link to its page in the app (the collector's, or
 * the creator's) beside it.
 */
import { Link } from 'react-router'
import { explorerAddressUrl } from '../lib/config.js'
import { shortAddress } from '../lib/format.js'
import { useServices } from '../state/services.js'
import { discoveryPaths } from './paths.js'

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
      <Link
        to={creator ? discoveryPaths.creator(address) : discoveryPaths.account(address)}
        className="text-xs text-slate-600 underline"
        aria-label={`${creator ? 'Works' : 'Profile'} of ${short}`}
      >
        {creator ? 'works' : 'profile'}
      </Link>
    </span>
  )
}
