/**
 * "Withdraw" for USDC a manager v3 holds for the connected account (docs/product.md §2,
 * "Auctions"): an outbid refund or sale proceeds the chain could not push to it (not opted in to
 * USDC, or frozen). Read from algod (the box "a" + address); shows nothing when there is no box,
 * or when the read fails (nothing rather than a wrong answer).
 */
import { useQuery } from '@tanstack/react-query'
import { Usdc } from '../common/components/asset-card.js'
import { secondaryButtonClass } from '../common/components/modal.js'
import { useServices } from '../common/state/services.js'

export function HeldRefund({
  appId,
  address,
  revision,
  onWithdraw,
}: {
  appId: string
  address: string
  /** Changes when the auction moves, so the box is read again. */
  revision: string
  onWithdraw: () => void
}) {
  const services = useServices()
  const held = useQuery({
    queryKey: ['held', appId, address, revision],
    queryFn: async () => (await services.chain()).readHeld(BigInt(appId), address),
    retry: false,
  })
  // No box (null), or not read (yet, or the read failed): nothing to offer.
  if (held.data == null) return null
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm">
      <p>
        {held.data > 0n ? (
          <>
            The contract holds <Usdc value={held.data} /> for you (a refund or proceeds your account
            could not receive), and its deposit.
          </>
        ) : (
          'The contract holds a deposit for you.'
        )}
      </p>
      <button type="button" className={secondaryButtonClass} onClick={onWithdraw}>
        Withdraw
      </button>
    </div>
  )
}
