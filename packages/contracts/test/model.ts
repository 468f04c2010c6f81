/**
 * A model of one market for the property test: what the chain should hold (every account's Algos,
 * min balance, USDC, NFT and local B; the escrow's; global A, O, B; the bid boxes), the random
 * operations users attempt, and for each one the group the builders make, whether the manager must
 * accept it, and the state it must leave. Pure: the test sends the groups and compares the chain.
 *
 * Whether a group must be accepted restates teal/manager.teal's (and manager-v2.teal's) checks
 * here; what an accepted operation moves and sets (deposits, payouts, A, O, bids) comes from its
 * description in src/market/v1.ts or v2.ts, on the true state's terms. On v2 a royalty cut to a
 * recipient outside the model's users (not opted in to USDC) is held in its slot instead. The
 * chain running the TEAL checks both.
 */
import algosdk from 'algosdk'
import fc from 'fast-check'
import {
  APP_OPT_IN_COST,
  ASSET_MIN_BALANCE,
  BID_BOX_MIN_BALANCE,
  amountOf,
  buildAppClearState,
  buildAppCloseOut,
  buildAppOptIn,
  buildAssetOptIn,
  buildBid,
  buildBuyNow,
  buildCancelAsk,
  buildChangeAsk,
  buildListAsk,
  buildSellNow,
  chooseVariant,
  escrowAddress,
  group,
  RECIPIENT_ROLES,
  royaltyCut,
  payoutsOn,
  tradeArgs,
  wallet,
  withFee,
  type BuiltGroup,
  type ChainParams,
  type Market,
  type Role,
  type Terms,
  type Transfer,
  type UnsignedGroup,
  type VariantSpec,
} from '../src/index.js'

/** One account as the chain shows it. `localBid` is undefined when not opted in to the app. */
export interface AccountView {
  readonly algos: bigint
  readonly minBalance: bigint
  readonly usdc: bigint
  readonly nft: bigint
  readonly nftOptIn: boolean
  readonly localBid: bigint | undefined
}

/** Users are indexes into `users` (0 = the staff creator). */
export interface Model {
  readonly users: readonly AccountView[]
  readonly escrow: AccountView
  readonly ask: bigint
  readonly owner: number | null
  readonly bidCount: bigint
  readonly boxes: ReadonlyMap<number, bigint>
  /** v2: the USDC held per royalty slot (empty on v1). */
  readonly held: readonly bigint[]
}

/** A user by index, or the one the state makes interesting when the step runs. */
type Who = number | 'holder' | 'topBidder'

export type Action =
  /** A list at price 0 is hand-built (the builder refuses it): there is no ask to cancel. */
  | { readonly op: 'list' | 'changePrice'; readonly who: Who; readonly price: bigint }
  | { readonly op: 'cancelAsk'; readonly who: Who }
  /** `claimDelta` shifts the current bid the signer believes in (a stale bid). */
  | { readonly op: 'bid'; readonly who: Who; readonly amount: bigint; readonly claimDelta: bigint }
  | {
      readonly op: 'buyNow'
      readonly who: Who
      readonly priceDelta: bigint
      readonly bidDelta: bigint
      /** Claims a bid equal to the ask: with a higher real bid the fee misses the refund. */
      readonly claimAsk: boolean
      /** Names another account than O as the owner to pay (the app must pay O or refuse). */
      readonly wrongOwner: boolean
    }
  | {
      readonly op: 'sellNow'
      readonly who: Who
      readonly buyer: Who
      /** 'auto' = the honest choice (the NFT is in escrow iff the seller is O). */
      readonly fromEscrow: boolean | 'auto'
      readonly bidDelta: bigint
    }
  | { readonly op: 'optInApp' | 'optInNft' | 'closeOut' | 'clearState'; readonly who: Who }
  /** A plain NFT transfer between wallets, outside the app (nothing stops it on chain). */
  | { readonly op: 'gift'; readonly who: Who; readonly to: Who }

export interface Context {
  readonly market: Market
  readonly params: ChainParams
  /** Addresses by user index. */
  readonly addresses: readonly string[]
}

export interface Planned {
  readonly sender: number
  readonly group: UnsignedGroup
  readonly accepted: boolean
  /**
   * When refused: whether the manager's program must be what refuses it (a logic error), rather
   * than algod's own checks on an earlier transaction (an NFT the sender does not hold, say).
   */
  readonly byApp: boolean
  /** Why the model expects that outcome, for failure messages. */
  readonly why: string
  /** The state after the group: the same model when it must be refused. */
  readonly next: Model
}

export function actionsArbitrary(users: number): fc.Arbitrary<Action[]> {
  const user = fc.integer({ min: 0, max: users - 1 })
  // Users 1-3 start opted in (see the test's setup): most trades come from them.
  const trader = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }) },
    { weight: 1, arbitrary: user },
  )
  const holder = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Who>('holder') },
    { weight: 1, arbitrary: user },
  )
  const bidder = fc.oneof(
    { weight: 2, arbitrary: fc.constant<Who>('topBidder') },
    { weight: 1, arbitrary: user },
  )
  const price = fc.bigInt({ min: 1n, max: 300n })
  const delta = fc.oneof(
    { weight: 5, arbitrary: fc.constant(0n) },
    { weight: 1, arbitrary: fc.bigInt({ min: -40n, max: 40n }) },
  )
  const rarely = fc.oneof(
    { weight: 8, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  )
  const action: fc.Arbitrary<Action> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('list'),
        who: holder,
        price: fc.oneof({ weight: 8, arbitrary: price }, { weight: 1, arbitrary: fc.constant(0n) }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('changePrice'), who: holder, price }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('cancelAsk'), who: holder }) },
    {
      weight: 6,
      arbitrary: fc.record({
        op: fc.constant('bid'),
        who: fc.oneof({ weight: 6, arbitrary: trader }, { weight: 1, arbitrary: holder }),
        amount: fc.oneof(
          { weight: 1, arbitrary: fc.constant(0n) },
          { weight: 4, arbitrary: price },
        ),
        claimDelta: delta,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('buyNow'),
        who: trader,
        priceDelta: delta,
        bidDelta: delta,
        claimAsk: rarely,
        wrongOwner: rarely,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('sellNow'),
        who: holder,
        buyer: bidder,
        fromEscrow: fc.oneof(
          { weight: 5, arbitrary: fc.constant('auto' as const) },
          { weight: 1, arbitrary: fc.boolean() },
        ),
        bidDelta: delta,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constantFrom('optInApp', 'optInNft', 'closeOut', 'clearState'),
        who: user,
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('gift'), who: holder, to: user }) },
  )
  return fc.array(action, { minLength: 25, maxLength: 40 })
}

/** The user a `Who` names now. */
function resolve(m: Model, who: Who): number {
  if (typeof who === 'number') return who
  if (who === 'holder') {
    const inWallet = m.users.findIndex((u) => u.nft === 1n)
    return m.owner ?? (inWallet >= 0 ? inWallet : 0)
  }
  let top = -1
  let best = 0n
  for (const [i, bid] of m.boxes) {
    if (bid > best) [top, best] = [i, bid]
  }
  return top >= 0 ? top : 1
}

/** [0] axfer NFT seller -> escrow [1] appl S 0: the list group at price 0, which must fail. */
function listAtZero(seller: string, ctx: Context): UnsignedGroup {
  const honest = buildListAsk({ seller, market: ctx.market, price: 1n, params: ctx.params })
  const call = algosdk.makeApplicationNoOpTxnFromObject({
    sender: seller,
    appIndex: ctx.market.appId,
    appArgs: tradeArgs('ASK', 0n),
    foreignAssets: [ctx.market.nftId, ctx.market.usdcId],
    suggestedParams: withFee(ctx.params, 1),
  })
  const deposit = honest.txns[0]
  deposit.group = undefined
  return group([deposit, call], [...honest.signers])
}

/** A mutable copy to build the next state in. */
interface Draft {
  users: { -readonly [K in keyof AccountView]: AccountView[K] }[]
  escrow: { -readonly [K in keyof AccountView]: AccountView[K] }
  ask: bigint
  owner: number | null
  bidCount: bigint
  boxes: Map<number, bigint>
  held: bigint[]
}

function draft(m: Model): Draft {
  return {
    users: m.users.map((u) => ({ ...u })),
    escrow: { ...m.escrow },
    ask: m.ask,
    owner: m.owner,
    bidCount: m.bidCount,
    boxes: new Map(m.boxes),
    held: [...m.held],
  }
}

/** Sets (or with 0 ends) a bid of record: box, local B, count and the box's min balance. */
function setBid(d: Draft, u: number, bid: bigint): void {
  const had = d.boxes.has(u)
  const user = d.users[u]
  if (bid > 0n) d.boxes.set(u, bid)
  else d.boxes.delete(u)
  if (user.localBid !== undefined) user.localBid = bid
  // The box's min balance is the escrow's: the first bid's payment and the payouts move the Algos.
  const created = !had && bid > 0n
  const deleted = had && bid === 0n
  d.bidCount += created ? 1n : deleted ? -1n : 0n
  d.escrow.minBalance += created ? BID_BOX_MIN_BALANCE : deleted ? -BID_BOX_MIN_BALANCE : 0n
}

/** A plain NFT transfer between wallets (outside the app, so outside the description). */
function moveNft(from: Draft['escrow'], to: Draft['escrow']): void {
  from.nft -= 1n
  to.nft += 1n
}

/**
 * What an accepted operation does, from its description: each deposit and payout moves its
 * amount, then A, O and the bids of record take their new values. `terms` are the true ones (the
 * bid of record on chain, not the one the signer claimed).
 */
function applyDescribed(
  d: Draft,
  ctx: Context,
  built: BuiltGroup,
  terms: Terms,
  variant: VariantSpec = built.variant,
): void {
  // The royalty terms (shares, whether one is due) are the builder's, from the market's real split.
  terms = { ...built.terms, ...terms }
  const escrow = escrowAddress(ctx.market.appId)
  const index = (role: Role): number => {
    const i = ctx.addresses.indexOf(built.roles[role]!)
    if (i < 0) throw new Error(`the ${role} is no user of the model`)
    return i
  }
  const at = (role: Role) => (built.roles[role] === escrow ? d.escrow : d.users[index(role)])
  const move = (t: Transfer, from: Role): void => {
    const amount = amountOf(t.amount, terms)!
    const slot = (RECIPIENT_ROLES as readonly Role[]).indexOf(t.receiver)
    if (slot >= 0 && !ctx.addresses.includes(built.roles[t.receiver]!)) {
      d.held[slot] += amount // not opted in to USDC: the escrow keeps it for the recipient
      return
    }
    const field = t.type === 'pay' ? 'algos' : t.asset === 'nftId' ? 'nft' : 'usdc'
    at(from)[field] -= amount
    at(t.receiver)[field] += amount
  }
  for (const t of variant.group) {
    if (t.type === 'appl') for (const p of payoutsOn(t.payouts, terms)) move(p, 'escrow')
    else move(t, t.sender)
  }
  const { ask, owner, bids } = variant.effect
  if (ask !== undefined) d.ask = typeof ask === 'bigint' ? ask : terms[ask]!
  if (owner !== undefined) d.owner = owner === null ? null : index(owner)
  for (const b of bids ?? []) {
    setBid(d, index(b.bidder), typeof b.becomes === 'bigint' ? b.becomes : terms[b.becomes]!)
  }
}

/**
 * The group `action` makes, whether the manager (or algod) must accept it, and the state after.
 * Each rule below restates a check of teal/manager.teal from the model, so a missing or wrong
 * check shows up as a mismatch with the chain.
 */
export function plan(m: Model, action: Action, ctx: Context): Planned {
  const d = draft(m)
  const u = resolve(m, action.who)
  const me = d.users[u]
  const address = ctx.addresses[u]
  const { market, params } = ctx
  const bidOf = (i: number): bigint => m.boxes.get(i) ?? 0n
  const done = (g: UnsignedGroup, accepted: boolean, why: string, byApp = true): Planned => {
    if (!accepted) return { sender: u, group: g, accepted, byApp, why, next: m }
    d.users[u].algos -= g.fee
    return { sender: u, group: g, accepted, byApp, why, next: d }
  }

  switch (action.op) {
    case 'list': {
      const g =
        action.price > 0n
          ? buildListAsk({ seller: address, market, price: action.price, params })
          : listAtZero(address, ctx)
      const ok = m.owner === null && me.nft === 1n && action.price > 0n
      if (ok) applyDescribed(d, ctx, g as BuiltGroup, { amount: action.price })
      const why = ok ? 'lists from the wallet' : 'price 0, or does not hold the NFT'
      return done(g, ok, why, me.nft === 1n)
    }
    case 'changePrice': {
      const g = buildChangeAsk({ seller: address, market, price: action.price, params })
      const ok = m.owner === u
      if (ok) applyDescribed(d, ctx, g, { amount: action.price })
      return done(g, ok, ok ? 'owner changes the ask' : 'not the owner O')
    }
    case 'cancelAsk': {
      const g = buildCancelAsk({ seller: address, market, params })
      const ok = m.owner === u
      if (ok) applyDescribed(d, ctx, g, { amount: 0n })
      return done(g, ok, ok ? 'owner cancels the ask' : 'not the owner O')
    }
    case 'bid': {
      const current = bidOf(u)
      const n = action.amount
      let claimed = current + action.claimDelta
      if (claimed < 0n) claimed = 0n
      // The builder refuses a new bid equal to the claimed one; claiming one more makes the
      // single call "B n", which must fail when n is the current bid.
      if (claimed === n) claimed = n + 1n
      const g = buildBid({ bidder: address, market, currentBid: claimed, newBid: n, params })
      // Raising needs a bidder who can take the NFT and does not own it; on v1 lowering and
      // cancelling did too (audit fix 1).
      const raising = n > current || (ctx.market.version ?? 1) === 1
      const may =
        me.localBid !== undefined &&
        n !== current &&
        (!raising || (m.owner !== u && me.nftOptIn && me.nft === 0n))
      // Lowering is one call; raising must deposit exactly new - current after the box's min
      // balance for a first bid, so it needs the true current bid.
      const shapeOk = n < claimed ? n < current : claimed === current && me.usdc >= n - current
      const ok = may && shapeOk
      if (ok) {
        const terms = { amount: n, bid: current }
        applyDescribed(d, ctx, g, terms, chooseVariant('BID', terms, ctx.market.version ?? 1))
      }
      return done(g, ok, ok ? `bid ${current} -> ${n}` : `bid refused (claimed ${claimed})`)
    }
    case 'buyNow': {
      const ask = m.ask
      let price = ask + action.priceDelta
      if (price <= 0n) price = 1n
      const bid = bidOf(u)
      let claimed = action.claimAsk ? ask : bid + action.bidDelta
      if (claimed < 0n) claimed = 0n
      const owner = m.owner ?? 0
      const named = action.wrongOwner ? (owner + 1) % m.users.length : owner
      const g = buildBuyNow({
        buyer: address,
        market,
        price,
        owner: ctx.addresses[named],
        currentBid: claimed,
        params,
      })
      // With a bid below the ask the buyer deposits ask - bid; otherwise the app refunds the
      // excess, and the call's fee must cover that refund as well.
      // On v2 the fee also counts a payout per royalty recipient; one that is held or rounds to 0
      // is not sent, and its fee can pay the refund a claimed-ask group left out.
      const slack =
        g.terms.royaltyDue === 1n
          ? (market.royalty?.recipients ?? []).filter(
              (r) => !ctx.addresses.includes(r.address) || royaltyCut(ask, r.share) === 0n,
            ).length
          : 0
      const paysOk =
        bid < ask
          ? claimed < price && claimed === bid && me.usdc >= ask - bid
          : claimed >= price && (claimed > price || bid === ask || slack > 0)
      // The app pays O from its state; the call only makes O available. On v2 a royalty recipient
      // is named too, so O is available when O is one (the creator): the payout still goes to O.
      const recipients = (market.royalty?.recipients ?? []).map((r) => r.address)
      const ownerNamed = named === owner || recipients.includes(ctx.addresses[owner])
      const ok = ask > 0n && price === ask && m.owner !== u && me.nftOptIn && paysOk && ownerNamed
      if (ok) {
        // Built on the true bid and owner, for the market's version: the variant the app runs.
        const terms = { amount: ask, bid }
        const honest = buildBuyNow({
          buyer: address,
          market,
          price,
          owner: ctx.addresses[owner],
          currentBid: bid,
          params,
        })
        applyDescribed(d, ctx, honest, terms)
      }
      return done(g, ok, ok ? `buys at ${ask} with bid ${bid}` : `buy now refused at ${price}`)
    }
    case 'sellNow': {
      const v = resolve(m, action.buyer)
      const bid = bidOf(v)
      let claimed = bid + action.bidDelta
      if (claimed <= 0n) claimed = 1n
      const fromEscrow = action.fromEscrow === 'auto' ? m.owner === u : action.fromEscrow
      const g = buildSellNow({
        seller: address,
        buyer: ctx.addresses[v],
        bid: claimed,
        fromEscrow,
        market,
        params,
      })
      const buyer = d.users[v]
      const sourceOk = m.owner === u ? fromEscrow : !fromEscrow && m.owner === null && me.nft === 1n
      const ok = v !== u && bid > 0n && claimed === bid && buyer.nftOptIn && sourceOk
      if (ok) applyDescribed(d, ctx, g, { amount: bid, bid })
      const transferOk = fromEscrow || (me.nft === 1n && buyer.nftOptIn)
      return done(g, ok, ok ? `sells to ${v} for ${bid}` : `sell now to ${v} refused`, transferOk)
    }
    case 'optInApp': {
      const g = buildAppOptIn({ account: address, appId: market.appId, params })
      const ok = me.localBid === undefined
      if (ok) {
        me.localBid = bidOf(u)
        me.minBalance += APP_OPT_IN_COST
      }
      return done(g, ok, ok ? 'opts in' : 'already opted in', false)
    }
    case 'optInNft': {
      const g = buildAssetOptIn({ account: address, assetId: market.nftId, params })
      if (!me.nftOptIn) me.minBalance += ASSET_MIN_BALANCE
      me.nftOptIn = true
      return done(g, true, 'opts in to the NFT (again is a 0 transfer)')
    }
    case 'closeOut': {
      const g = buildAppCloseOut({ account: address, appId: market.appId, params })
      const ok = me.localBid !== undefined && bidOf(u) === 0n
      if (ok) {
        me.localBid = undefined
        me.minBalance -= APP_OPT_IN_COST
      }
      return done(
        g,
        ok,
        ok ? 'closes out' : 'not opted in, or an open bid',
        me.localBid !== undefined,
      )
    }
    case 'clearState': {
      const g = buildAppClearState({ account: address, appId: market.appId, params })
      const ok = me.localBid !== undefined
      if (ok) {
        me.localBid = undefined
        me.minBalance -= APP_OPT_IN_COST
      }
      return done(g, ok, ok ? 'clears state (the box stays)' : 'not opted in', false)
    }
    case 'gift': {
      const to = resolve(m, action.to)
      const txn = algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
        sender: address,
        receiver: ctx.addresses[to],
        assetIndex: market.nftId,
        amount: 1n,
        suggestedParams: withFee(params, 1),
      })
      const g = group([txn], [wallet(address)])
      const ok = me.nft === 1n && d.users[to].nftOptIn
      if (ok) moveNft(me, d.users[to])
      return done(g, ok, ok ? `gives the NFT to ${to}` : 'no NFT, or receiver not opted in', false)
    }
  }
}
