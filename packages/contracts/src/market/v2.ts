/**
 * Contract v2 (teal/manager-v2.teal): v1 (v1.ts) with creator royalties. Only what differs is
 * written here; every other operation is v1's own description.
 * - A sale (buy now, sell now) pays each royalty recipient its cut before the seller, who gets the
 *   rest; a recipient who cannot receive USDC has its cut held in the app, claimable with CLAIM.
 *   The call names the recipients as accounts so the app can pay them.
 * - Configure carries the split (args[1]); deploy funds v2's larger schema through a proxy bound
 *   to its creator.
 * - Lowering and cancelling a bid no longer require holding no unit of the NFT: a contract change
 *   only, the group is v1's.
 */
import { CONFIGURE_ARG } from '../args.js'
import { clearProgram, managerProgram } from '../programs/index.js'
import { MANAGER_SCHEMA_V2, PROXY_FUNDING_V2 } from '../protocol.js'
import {
  RECIPIENT_ROLES,
  SHARE_TERMS,
  type AppCallSpec,
  type OperationSpec,
  type Payout,
  type ProtocolSpec,
  type Role,
  type TxnSpec,
  type VariantSpec,
} from './spec.js'
import { HELD_FIELDS, RECIPIENT_FIELDS, type GlobalKeySpec, type StateSpec } from './state-spec.js'
import { axfer, constant, trade, V1, V1_STATE } from './v1.js'

/** Each recipient's cut, slot by slot, paid when a royalty is due and the slot has a share. */
export const ROYALTY_PAYOUTS: readonly Payout[] = RECIPIENT_ROLES.map((recipient, i) => ({
  ...axfer('usdcId', recipient, { kind: 'royalty', share: SHARE_TERMS[i] }),
  when: [
    ['royaltyDue', '=', 1n],
    [SHARE_TERMS[i], '>', 0n],
  ],
  heldIn: 'royaltySlot',
}))

/** The app call of `v` changed by `change`; the rest of the group as it is. */
function mapCall(v: VariantSpec, change: (c: AppCallSpec) => AppCallSpec): VariantSpec {
  const group = v.group.map((t): TxnSpec => (t.type === 'appl' ? change(t) : t))
  return { ...v, group }
}

/** A sale of v1 where `seller` was paid the price: the recipients' cuts first, then the net. */
function withRoyalty(op: OperationSpec, seller: Role): OperationSpec {
  const settle = (p: Payout): readonly Payout[] =>
    p.receiver === seller && p.asset === 'usdcId'
      ? [...ROYALTY_PAYOUTS, { ...p, amount: { kind: 'net' } }]
      : [p]
  const variants = op.variants.map((v) =>
    mapCall(v, (c) => ({
      ...c,
      optionalAccounts: RECIPIENT_ROLES,
      payouts: c.payouts.flatMap(settle),
    })),
  )
  return { ...op, variants }
}

const v1 = V1.operations

/** Deploy funds v2's schema; the proxy's address also depends on the creator (boundProxy). */
const DEPLOY: OperationSpec = {
  ...v1.DEPLOY,
  variants: v1.DEPLOY.variants.map((v) => ({
    ...v,
    group: v.group.map((t) =>
      t.type === 'pay' ? { ...t, amount: constant('PROXY_FUNDING_V2', PROXY_FUNDING_V2) } : t,
    ),
  })),
}

/** Configure: args [C, the royalty split]. */
const CONFIGURE: OperationSpec = {
  ...v1.CONFIGURE,
  variants: v1.CONFIGURE.variants.map((v) =>
    mapCall(v, (c) => ({
      ...c,
      args: [{ kind: 'name', value: CONFIGURE_ARG }, { kind: 'royalty' }],
    })),
  ),
}

/** R amount: a recipient takes every royalty held for it (amount = their sum). */
export const CLAIM_ARG = 'R'
const CLAIM: OperationSpec = {
  opType: 'CLAIM',
  arg: CLAIM_ARG,
  variants: [
    {
      name: 'claim',
      when: [['amount', '>', 0n]],
      group: [
        trade('user', CLAIM_ARG, [axfer('usdcId', 'user', { kind: 'term', term: 'amount' })]),
      ],
      needs: { assets: ['usdcId'] },
      effect: {},
    },
  ],
}

/** v2's state: v1's, plus each recipient's slot R0..R3 and the USDC held for it, H0..H3. */
export const V2_STATE = {
  ...V1_STATE,
  global: [
    ...V1_STATE.global,
    ...RECIPIENT_FIELDS.map((field, i): GlobalKeySpec => ({
      key: `R${String(i)}`,
      field,
      kind: 'royaltySlot',
      meaning: `royalty recipient ${String(i + 1)}: its address and share in basis points (empty when unused)`,
    })),
    ...HELD_FIELDS.map((field, i): GlobalKeySpec => ({
      key: `H${String(i)}`,
      field,
      kind: 'uint',
      meaning: `USDC held for recipient ${String(i + 1)} (cuts it could not receive), claimable`,
    })),
  ],
} as const satisfies StateSpec

export const V2 = {
  version: 2,
  manager: () => managerProgram(2).bytes,
  clear: () => clearProgram().bytes,
  schema: MANAGER_SCHEMA_V2,
  boundProxy: true,
  state: V2_STATE,
  operations: {
    ...v1,
    BUY_NOW: withRoyalty(v1.BUY_NOW, 'owner'),
    SELL_NOW: withRoyalty(v1.SELL_NOW, 'seller'),
    DEPLOY,
    CONFIGURE,
    CLAIM,
  },
} as const satisfies ProtocolSpec
