/**
 * The vocabulary the market protocol is described in (see v1.ts): each operation as data, variant
 * by variant, so the builders, the readers and every consumer derive from one description. A new
 * contract version is a new set of descriptions in this vocabulary; a new payout is one more entry
 * in a variant's `payouts`.
 */
import type { OpTypeName } from '@unica/rules'
import type { ManagerSchema } from '../protocol.js'
import type { StateSpec } from './state-spec.js'

/** Who an address is in an operation. `escrow` is the app's account, `proxy` the creating lsig. */
export type Role =
  | 'creator'
  | 'proxy'
  | 'escrow'
  | 'seller'
  | 'bidder'
  | 'buyer'
  /** O: the owner of the NFT held in escrow. */
  | 'owner'
  /** Anyone opting in or out; on v3 also whoever settles an auction or withdraws a held refund. */
  | 'user'
  /** v3: the auction's highest bidder when it is settled. */
  | 'winner'
  /** v3: the highest bidder a new auction bid refunds (the zero address for the first bid). */
  | 'outbid'
  /** A royalty recipient, by its slot (v2: R0..R3 hold recipients 1..4). */
  | RecipientRole

export const RECIPIENT_ROLES = ['recipient1', 'recipient2', 'recipient3', 'recipient4'] as const
export type RecipientRole = (typeof RECIPIENT_ROLES)[number]

/** Each recipient's share in basis points (0 for an empty slot), by slot. */
export const SHARE_TERMS = ['share1', 'share2', 'share3', 'share4'] as const
export type ShareTerm = (typeof SHARE_TERMS)[number]

/**
 * The numbers an operation is about. `amount` is what the signer agreed to (the app call's args[1]:
 * ask price, new bid, price paid, bid accepted, royalties claimed); `bid` is the bid of record
 * before the call (the sender's for a bid or a buy now, the buyer's for a sell now); the ids name
 * the assets. A sale on v2 adds the shares and `royaltyDue`: 1 when the seller is not the creator
 * (a royalty is paid), 0 when the creator sells.
 */
export type Term =
  'amount' | 'bid' | 'nftId' | 'usdcId' | 'assetId' | ShareTerm | 'royaltyDue' | AuctionTerm

/**
 * v3's auctions. Starting one: `amount` is the reserve, with the duration in seconds and the
 * minimum raise (basis points, absolute). A bid: `amount` is the new bid, `bid` the highest bid it
 * outbids (0 for the first), `refundable` 1 when that bidder can receive USDC (else the refund is
 * held for them). Settling: `amount` is the highest bid, `nftDeliverable` 1 when the winner can
 * receive the NFT, `sellerReceives` 1 when the seller can receive USDC (else the proceeds are held
 * and the winner's deposit pays the box), `winnerExists` 1 when the winner's account can take back
 * its deposit (an account closed since cannot: the deposit is then held for it). Withdrawing:
 * `amount` is the USDC held.
 */
export const AUCTION_TERMS = [
  'duration',
  'raiseBp',
  'raiseMin',
  'refundable',
  'nftDeliverable',
  'sellerReceives',
  'winnerExists',
] as const
export type AuctionTerm = (typeof AUCTION_TERMS)[number]

/** An amount of Algos or of an asset, as a rule over the terms. */
export type AmountRule =
  | { readonly kind: 'constant'; readonly value: bigint; readonly name: string }
  | { readonly kind: 'term'; readonly term: Term }
  | { readonly kind: 'difference'; readonly of: Term; readonly minus: Term }
  /** A recipient's cut of `amount`: floor(amount × share / 10000) when a royalty is due. */
  | { readonly kind: 'royalty'; readonly share: ShareTerm }
  /** What the seller keeps of `amount`: the amount less every recipient's cut. */
  | { readonly kind: 'net' }

export type Comparison = '=' | '<' | '<=' | '>' | '>='

/** `[left, comparison, right]`: a variant's or a payout's condition on the terms. */
export type Condition = readonly [Term, Comparison, Term | bigint]

/** The asset a transfer moves: the market's NFT or USDC, or the asset an opt-in names. */
export type AssetRef = 'nftId' | 'usdcId' | 'assetId'

/** A payment or asset transfer, top-level (signed) or inner (sent by the app from the escrow). */
export interface Transfer {
  readonly type: 'pay' | 'axfer'
  readonly receiver: Role
  /** Set for axfer. */
  readonly asset?: AssetRef
  readonly amount: AmountRule
}

/** A transaction the group carries, signed by its sender (the proxy signs with its logic sig). */
export interface SignedTransfer extends Transfer {
  readonly sender: Role
  /** Minimum fees this transaction pays (1 unless it pays for another: the deploy's proxy). */
  readonly fee: number
}

export type OnComplete = 'NoOp' | 'OptIn' | 'CloseOut' | 'ClearState'

/**
 * One of the app call's arguments: a fixed name (args[0]), a term as 8 bytes big-endian, or the
 * royalty split (configure on v2: 40 bytes per recipient, see ../royalty.ts).
 */
export type ArgSpec =
  | { readonly kind: 'name'; readonly value: string }
  | { readonly kind: 'uint64'; readonly term: Term }
  | { readonly kind: 'royalty' }

/**
 * A payout the app sends; `when` unset means always. `heldIn` says where the app keeps it instead
 * when its receiver cannot take USDC (a royalty cut in its recipient's H slot, v3's refunds and
 * proceeds in the receiver's held box): such a payout is owed but absent from the inner
 * transactions.
 */
export interface Payout extends Transfer {
  readonly when?: readonly Condition[]
  readonly heldIn?: 'royaltySlot' | 'heldBox'
}

export interface AppCallSpec {
  readonly type: 'appl'
  readonly sender: Role
  readonly onComplete: OnComplete
  /** The creation of the manager (approval and clear programs, schema) rather than a call. */
  readonly create?: true
  readonly args: readonly ArgSpec[]
  /** Foreign assets, in order. */
  readonly assets: readonly AssetRef[]
  /** Foreign accounts, in order (txn.accounts[0] is the app's accounts[1]). */
  readonly accounts: readonly Role[]
  /**
   * Accounts named after `accounts` when the role exists (the royalty recipients a sale pays: the
   * app can only send to accounts the call makes available). Their order does not matter.
   */
  readonly optionalAccounts?: readonly Role[]
  /** Bid boxes referenced, by their bidder. */
  readonly boxes: readonly Role[]
  /**
   * v3: held refund boxes referenced ("a" + the address), by their account; one with `when` only
   * when its conditions hold (a call names at most 8 resources in all).
   */
  readonly heldBoxes?: readonly HeldBoxRef[]
  /** Minimum fees; unset: 1 + the payouts that apply (the call pays its inner transactions). */
  readonly fee?: number
  /** The inner transactions, in the order the app sends them. */
  readonly payouts: readonly Payout[]
}

export interface HeldBoxRef {
  readonly role: Role
  readonly when?: readonly Condition[]
}

export type TxnSpec = SignedTransfer | AppCallSpec

/** What a variant leaves: global A and O, where the NFT is, and the bids of record. */
export interface Effect {
  /** A after the call; unset = unchanged. */
  readonly ask?: Term | 0n
  /** O after the call (null = the zero address); unset = unchanged. */
  readonly owner?: Role | null
  /** Who holds the NFT after the call; unset = unchanged. */
  readonly holder?: Role
  /** The bids of record the call sets (0 = none: the box is deleted). */
  readonly bids?: readonly { readonly bidder: Role; readonly becomes: Term | 0n }[]
}

/** What the sender must hold before signing: an app opt-in and asset opt-ins. */
export interface Needs {
  readonly app?: true
  readonly assets?: readonly AssetRef[]
}

export interface VariantSpec {
  readonly name: string
  /** When this variant is the one (on the terms); readers also tell variants apart by shape. */
  readonly when: readonly Condition[]
  /** The group, index by index. */
  readonly group: readonly TxnSpec[]
  readonly needs: Needs
  readonly effect: Effect
}

export interface OperationSpec {
  /** The history's op type (@unica/rules OP_TYPES); null when it is not in the history. */
  readonly opType: OpTypeName | null
  /** The app call's args[0], for NoOp operations. */
  readonly arg?: string
  /**
   * The other party the history names (a sale's seller or buyer, the bidder an auction bid outbid,
   * an auction's winner); unset when there is none.
   */
  readonly counterparty?: Role
  readonly variants: readonly VariantSpec[]
}

/** Every operation of one contract version, and the programs that version deploys. */
export interface ProtocolSpec<K extends string = string> {
  readonly version: number
  readonly manager: () => Uint8Array
  readonly clear: () => Uint8Array
  /** The manager's state schema the deploy creates it with. */
  readonly schema: ManagerSchema
  /** Whether the proxy is bound to its creator (v2): its address depends on the creator too. */
  readonly boundProxy: boolean
  /** Every global key, local key and box the manager keeps (state-spec.ts). */
  readonly state: StateSpec
  readonly operations: Readonly<Record<K, OperationSpec>>
}

export const isAppCall = (t: TxnSpec): t is AppCallSpec => t.type === 'appl'

/** The app call of a variant (the last transaction), or null for a group without one. */
export function appCallOf(v: VariantSpec): AppCallSpec | null {
  const last = v.group[v.group.length - 1] as TxnSpec | undefined
  return last !== undefined && isAppCall(last) ? last : null
}
