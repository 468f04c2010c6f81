/**
 * Builds any variant of any operation from its description: the unsigned group (group id
 * assigned), who signs each transaction, its fees, and what it was built from (the variant, the
 * terms and the addresses of the roles), so consumers read the rest from the description too.
 */
import algosdk from 'algosdk'
import { arg } from '../args.js'
import {
  bidBox,
  escrowAddress,
  heldBox,
  group,
  proxyAddress,
  wallet,
  withFee,
  type ChainParams,
  type Signer,
  type UnsignedGroup,
} from '../builders/group.js'
import type { BoundProxyVersion } from '../programs/index.js'
import { encodeRoyalty, NO_ROYALTY, type Royalty } from '../royalty.js'
import { amountOf, allHold, payoutsOn, type Terms } from './terms.js'
import type {
  AppCallSpec,
  AssetRef,
  OnComplete,
  Role,
  SignedTransfer,
  Term,
  VariantSpec,
} from './spec.js'
import {
  CURRENT_VERSION,
  operationSpec,
  protocol,
  variantSpec,
  type ContractVersion,
  type OperationKey,
} from './versions.js'

export type Roles = Readonly<Partial<Record<Role, string>>>

export interface BuildInput {
  /** The addresses of the roles the variant names (escrow and proxy come from appId, proxyId). */
  readonly roles: Roles
  readonly terms: Terms
  readonly params: ChainParams
  readonly appId?: bigint
  readonly proxyId?: number
  /** The split a v2 configure sets. */
  readonly royalty?: Royalty
}

export interface BuiltGroup extends UnsignedGroup {
  readonly version: ContractVersion
  readonly operation: OperationKey
  readonly variant: VariantSpec
  readonly terms: Terms
  /** Every role's address, escrow included when there is an app. */
  readonly roles: Roles
}

/** The first variant whose conditions hold on the terms. */
export function chooseVariant(
  operation: OperationKey,
  terms: Terms,
  version: ContractVersion = CURRENT_VERSION,
): VariantSpec {
  const v = operationSpec(operation, version).variants.find((x) => allHold(x.when, terms))
  if (v === undefined) throw new RangeError(`no ${operation} variant fits these amounts`)
  return v
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new RangeError(`the group needs ${what}`)
  return value
}

const ON_COMPLETE: Record<OnComplete, algosdk.OnApplicationComplete> = {
  NoOp: algosdk.OnApplicationComplete.NoOpOC,
  OptIn: algosdk.OnApplicationComplete.OptInOC,
  CloseOut: algosdk.OnApplicationComplete.CloseOutOC,
  ClearState: algosdk.OnApplicationComplete.ClearStateOC,
}

export { ON_COMPLETE }

class Builder {
  readonly roles: Partial<Record<Role, string>>

  constructor(
    readonly version: ContractVersion,
    readonly input: BuildInput,
  ) {
    this.roles = { ...input.roles }
    if (input.appId !== undefined) this.roles.escrow = escrowAddress(input.appId)
    if (input.proxyId !== undefined) {
      this.roles.proxy = proxyAddress(input.proxyId, this.proxyCreator(), this.boundVersion())
    }
  }

  /** The creator a bound proxy (v2) is for; undefined for v1's proxy. */
  proxyCreator(): string | undefined {
    return protocol(this.version).boundProxy ? this.address('creator') : undefined
  }

  /** The bound proxy's version: 3's proxy binds manager v3, 2's every earlier bound one. */
  boundVersion(): BoundProxyVersion {
    return this.version === 3 ? 3 : 2
  }

  address(role: Role): string {
    return need(this.roles[role], `the ${role}'s address`)
  }

  term(t: Term): bigint {
    return need(this.input.terms[t], `the ${t}`)
  }

  signer(role: Role): Signer {
    if (role !== 'proxy') return wallet(this.address(role))
    const proxyId = need(this.input.proxyId, 'the proxy id')
    const creator = this.proxyCreator()
    if (creator === undefined) return { kind: 'proxy', proxyId }
    return this.version === 3
      ? { kind: 'proxy', proxyId, creator, version: 3 }
      : { kind: 'proxy', proxyId, creator }
  }

  transfer(t: SignedTransfer): algosdk.Transaction {
    const common = {
      sender: this.address(t.sender),
      receiver: this.address(t.receiver),
      amount: need(amountOf(t.amount, this.input.terms), 'every amount'),
      suggestedParams: withFee(this.input.params, t.fee),
    }
    if (t.type === 'pay') return algosdk.makePaymentTxnWithSuggestedParamsFromObject(common)
    const assetIndex = this.term(need(t.asset, 'an asset'))
    return algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({ ...common, assetIndex })
  }

  call(c: AppCallSpec): algosdk.Transaction {
    const terms = this.input.terms
    const fee = c.fee ?? 1 + payoutsOn(c.payouts, terms).length
    const common = {
      sender: this.address(c.sender),
      appArgs: c.args.map((a) => {
        if (a.kind === 'name') return arg(a.value)
        if (a.kind === 'royalty') {
          return encodeRoyalty(this.input.royalty ?? NO_ROYALTY, this.version)
        }
        return algosdk.encodeUint64(this.term(a.term))
      }),
      foreignAssets: c.assets.map((a) => this.term(a)),
      accounts: [
        ...c.accounts.map((r) => this.address(r)),
        ...(c.optionalAccounts ?? []).flatMap((r) => this.roles[r] ?? []),
      ],
      boxes: [
        ...c.boxes.map((r) => bidBox(this.address(r))),
        ...(c.heldBoxes ?? [])
          .filter((b) => allHold(b.when ?? [], terms))
          .map((b) => heldBox(this.address(b.role))),
      ],
      suggestedParams: withFee(this.input.params, fee),
    }
    if (c.create === true) {
      const p = protocol(this.version)
      return algosdk.makeApplicationCreateTxnFromObject({
        ...common,
        onComplete: ON_COMPLETE[c.onComplete],
        approvalProgram: p.manager(),
        clearProgram: p.clear(),
        numGlobalInts: p.schema.globalInts,
        numGlobalByteSlices: p.schema.globalBytes,
        numLocalInts: p.schema.localInts,
        numLocalByteSlices: p.schema.localBytes,
        extraPages: p.schema.extraPages,
      })
    }
    return algosdk.makeApplicationCallTxnFromObject({
      ...common,
      appIndex: need(this.input.appId, 'the app id'),
      onComplete: ON_COMPLETE[c.onComplete],
    })
  }
}

/** The group of one variant of an operation. */
export function buildVariant(
  operation: OperationKey,
  variant: VariantSpec | string,
  input: BuildInput,
  version: ContractVersion = CURRENT_VERSION,
): BuiltGroup {
  const v = typeof variant === 'string' ? variantSpec(operation, variant, version) : variant
  const b = new Builder(version, input)
  const txns = v.group.map((t) => (t.type === 'appl' ? b.call(t) : b.transfer(t)))
  const g = group(
    txns,
    v.group.map((t) => b.signer(t.sender)),
  )
  return { ...g, version, operation, variant: v, terms: { ...input.terms }, roles: b.roles }
}

/** What the signer pays of an asset in the group's own transfers (the deposits), on its terms. */
export function paidBySigner(built: BuiltGroup, asset: AssetRef): bigint {
  const sender = built.variant.group[built.variant.group.length - 1].sender
  return built.variant.group
    .filter(
      (t): t is SignedTransfer => t.type !== 'appl' && t.asset === asset && t.sender === sender,
    )
    .reduce((sum, t) => sum + (amountOf(t.amount, built.terms) ?? 0n), 0n)
}
