/**
 * Finding what an account has in Unica managers, with only the chain (docs/product.md: funds in
 * our contracts never depend on our server): its bids (the bid box is the bid of record, so a
 * bidder who cleared its local state is found too), its listings (global O), from v2 the royalties
 * held for it (H0..H3 of the slots whose R is the account), and on v3 its auction before the first
 * bid (the NFT comes back by cancelling it) and a refund or proceeds held in its `a`+address box.
 */
import algosdk from 'algosdk'
import { heldBoxKey, type Market } from '../builders/group.js'
import { CONTRACT_VERSIONS, protocol, type ContractVersion } from '../market/versions.js'
import { decodeBid, decodeManagerGlobal, readBidBox, readHeldBox } from '../state.js'
import type { RescueReader } from './reader.js'

export type RescueKind = 'bid' | 'listing' | 'royalty' | 'auction' | 'held'

/** How an app came to be checked. */
export type FoundBy = 'local-state' | 'indexer' | 'added'

export interface RescueItem {
  readonly kind: RescueKind
  readonly market: Market & { readonly version: ContractVersion }
  /**
   * USDC base units: the bid of record, the ask, the royalty held for the account, an auction's
   * reserve, or the USDC its held box keeps (0 for a box keeping only its deposit).
   */
  readonly amount: bigint
  /** A bid only: whether the account is opted in to the app (if not, it must opt in again). */
  readonly optedIn?: boolean
  /**
   * Whether the account can receive what the rescue pays out: USDC for a bid, a royalty or a held
   * amount, the NFT for a listing or an auction. If not, it must opt in to that asset first.
   */
  readonly canReceive: boolean
  readonly foundBy: FoundBy
}

export type SourceStatus = 'used' | 'not configured' | { readonly failed: string }

export interface RescueScan {
  readonly account: string
  readonly items: readonly RescueItem[]
  /** Every Unica manager checked, with its version. */
  readonly managers: readonly { readonly appId: bigint; readonly version: ContractVersion }[]
  readonly sources: { readonly algod: 'used'; readonly indexer: SourceStatus }
  /** What could not be checked, in words (an app algod does not know, an indexer failure). */
  readonly unchecked: readonly string[]
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])

/** The contract version whose manager program is exactly `approval`, or undefined. */
export function managerVersionOf(approval: Uint8Array): ContractVersion | undefined {
  return CONTRACT_VERSIONS.find((v) => sameBytes(protocol(v).manager(), approval))
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/**
 * Every bid, listing and held royalty of `account` in the managers found: those it is opted in to
 * (algod), those it has called or been named in (the indexer, when the reader has one), and
 * `appIds` the user adds. Throws only when algod cannot read the account.
 */
export async function findRescues(
  reader: RescueReader,
  account: string,
  appIds: readonly bigint[] = [],
): Promise<RescueScan> {
  if (!algosdk.isValidAddress(account)) throw new RangeError(`not an Algorand address: ${account}`)
  const { apps: local, assets } = await reader.account(account)
  const candidates = new Map<bigint, FoundBy>()
  for (const id of appIds) candidates.set(id, 'added')
  for (const s of local) if (!candidates.has(s.appId)) candidates.set(s.appId, 'local-state')

  const unchecked: string[] = []
  let indexer: SourceStatus = 'not configured'
  if (reader.appCallsOf !== undefined) {
    try {
      for (const id of await reader.appCallsOf(account)) {
        if (!candidates.has(id)) candidates.set(id, 'indexer')
      }
      indexer = 'used'
    } catch (e) {
      indexer = { failed: message(e) }
    }
  }
  if (indexer !== 'used') {
    unchecked.push(
      'Listings, royalties and bids whose local state was cleared, in apps you are not opted in ' +
        'to: they need the indexer. Add such an app by its id.',
    )
  }

  const items: RescueItem[] = []
  const managers: { appId: bigint; version: ContractVersion }[] = []
  const bidderKey = algosdk.decodeAddress(account).publicKey
  const heldKey = heldBoxKey(account)
  for (const [appId, foundBy] of [...candidates].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const app = await reader.application(appId)
    if (app === null) {
      if (foundBy === 'added') unchecked.push(`App ${appId}: algod does not know it (deleted?).`)
      continue
    }
    const version = managerVersionOf(app.approvalProgram)
    if (version === undefined) {
      if (foundBy === 'added') unchecked.push(`App ${appId} is not a Unica manager.`)
      continue
    }
    managers.push({ appId, version })
    const state = decodeManagerGlobal(app.globalState)
    const market = {
      appId,
      nftId: state.nftId,
      usdcId: state.usdcId,
      version,
      // v2 and later carry a royalty split (v1 has none).
      ...(version !== 1
        ? {
            royalty: {
              creator: state.creator,
              recipients: (state.royalty ?? []).map(({ address, share }) => ({ address, share })),
            },
          }
        : {}),
    }
    const opted = local.find((s) => s.appId === appId)
    const box = await reader.box(appId, bidderKey)
    const boxed = box === null ? null : readBidBox(bidderKey, box)
    const bid = boxed?.bid ?? decodeBid(opted?.keyValue)
    const usdc = assets.includes(market.usdcId)
    if (bid > 0n) {
      const optedIn = opted !== undefined
      items.push({ kind: 'bid', market, amount: bid, optedIn, canReceive: usdc, foundBy })
    }
    if (state.owner === account) {
      const canReceive = assets.includes(market.nftId)
      const { auction } = state
      if (auction === undefined || auction === null) {
        items.push({ kind: 'listing', market, amount: state.ask, canReceive, foundBy })
      } else if (auction.highestBid === 0n) {
        items.push({ kind: 'auction', market, amount: auction.reserve, canReceive, foundBy })
      } else {
        unchecked.push(
          `App ${appId}: your NFT is at auction with a bid; after the end anyone settles it (the worker, or Settle on its page), which pays you.`,
        )
      }
    }
    // Versions whose state has held refund boxes (v3).
    if (protocol(version).state.boxes.some((b) => b.kind === 'held')) {
      const value = await reader.box(appId, heldKey)
      const refund = value === null ? null : readHeldBox(heldKey, value)
      if (refund !== null) {
        const { amount } = refund
        const canReceive = amount === 0n || usdc
        items.push({ kind: 'held', market, amount, canReceive, foundBy })
      }
    }
    const held = (state.royalty ?? [])
      .filter((r) => r.address === account)
      .reduce((sum, r) => sum + r.held, 0n)
    if (held > 0n) items.push({ kind: 'royalty', market, amount: held, canReceive: usdc, foundBy })
  }
  return { account, items, managers, sources: { algod: 'used', indexer }, unchecked }
}
