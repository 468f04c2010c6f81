/**
 * Reads a signed group as send_tx must take it: which variant of the declared operation it is,
 * checked index by index against the description (types, one sender, the app call last with its
 * args, receivers, assets, the amounts the rules fix), with the terms and roles it reveals. The
 * group's own consistency (ids, signatures, network) is the caller's; the chain checks the rest.
 */
import algosdk from 'algosdk'
import { escrowAddress } from '../builders/group.js'
import { ON_COMPLETE, type Roles } from './build.js'
import type { AppCallSpec, AssetRef, Role, SignedTransfer, VariantSpec } from './spec.js'
import { amountOf, learn, noneFails, type Terms } from './terms.js'
import {
  CURRENT_VERSION,
  operationSpec,
  type ContractVersion,
  type OperationKey,
} from './versions.js'

/** Why a signed group is not the declared operation; `field` is the request field to blame. */
export class SignedGroupError extends Error {
  constructor(
    readonly field: 'blob' | 'operation',
    message: string,
  ) {
    super(message)
  }
}

export interface SignedReading {
  readonly version: ContractVersion
  readonly operation: OperationKey
  readonly variant: VariantSpec
  readonly appId: bigint
  /** The terms the group states or implies (a raise's deposit tells the current bid). */
  readonly terms: Terms
  readonly roles: Roles
}

const TYPES = { pay: algosdk.TransactionType.pay, axfer: algosdk.TransactionType.axfer }
const TYPE_NAMES: Record<string, string> = { pay: 'a payment', axfer: 'an asset transfer' }
const ASSET_NAMES: Record<AssetRef, string> = { nftId: 'NFT', usdcId: 'USDC', assetId: 'asset' }

const same = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])

const text = new TextEncoder()

function fail(message: string, field: 'blob' | 'operation' = 'blob'): never {
  throw new SignedGroupError(field, message)
}

interface CallFacts {
  readonly appId: bigint
  readonly sender: string
  readonly accounts: readonly string[]
}

/** The app call: its onComplete, name, amount, assets and accounts, as the description says. */
function readCall(
  operation: OperationKey,
  spec: AppCallSpec,
  txn: algosdk.Transaction,
  terms: Terms,
): CallFacts {
  const app = txn.applicationCall
  if (txn.type !== algosdk.TransactionType.appl || app === undefined) {
    fail('The last transaction must be the call to the NFT contract.')
  }
  if (app.appIndex === 0n || app.onComplete !== ON_COMPLETE[spec.onComplete]) {
    fail('The app call must be a plain call to an existing contract.')
  }
  const name = spec.args.find((a) => a.kind === 'name')
  const first = app.appArgs[0] as Uint8Array | undefined
  if (name !== undefined && (first === undefined || !same(first, text.encode(name.value)))) {
    fail(`The signed group is not a ${operation} operation.`, 'operation')
  }
  const argsFit =
    app.appArgs.length === spec.args.length &&
    spec.args.every((a, i) => a.kind === 'name' || app.appArgs[i].length === 8)
  if (!argsFit) fail('The app call must carry the operation and its amount.')
  spec.args.forEach((a, i) => {
    if (a.kind === 'uint64') terms[a.term] = algosdk.decodeUint64(app.appArgs[i], 'bigint')
  })
  if (app.foreignAssets.length !== spec.assets.length) {
    fail(`The app call must name the ${spec.assets.map((a) => ASSET_NAMES[a]).join(' and ')}.`)
  }
  spec.assets.forEach((a, i) => (terms[a] = app.foreignAssets[i]))
  const most = spec.accounts.length + (spec.optionalAccounts?.length ?? 0)
  if (app.accounts.length < spec.accounts.length || app.accounts.length > most) {
    const range = most === spec.accounts.length ? `${most}` : `${spec.accounts.length} to ${most}`
    fail(`The app call must name ${range} account(s).`)
  }
  const accounts = app.accounts.map((a) => a.toString())
  return { appId: app.appIndex, sender: txn.sender.toString(), accounts }
}

/** The roles the variant's app call names. */
function callRoles(spec: AppCallSpec, facts: CallFacts): Partial<Record<Role, string>> {
  const roles: Partial<Record<Role, string>> = { escrow: escrowAddress(facts.appId) }
  // Optional accounts (royalty recipients) are references only: the app pays from its state.
  spec.accounts.forEach((role, i) => (roles[role] = facts.accounts[i]))
  roles[spec.sender] = facts.sender
  return roles
}

/** One deposit against its description: the first mismatch as a message, or null. */
function readTransfer(
  i: number,
  spec: SignedTransfer,
  txn: algosdk.Transaction,
  terms: Terms,
  roles: Partial<Record<Role, string>>,
): string | null {
  if (txn.type !== TYPES[spec.type]) return `Transaction ${i} must be ${TYPE_NAMES[spec.type]}.`
  const bind = (role: Role, address: string): boolean => {
    const known = roles[role]
    roles[role] = known ?? address
    return known === undefined || known === address
  }
  if (!bind(spec.sender, txn.sender.toString())) {
    return `Transaction ${i} must be sent by the ${spec.sender}.`
  }
  const moved =
    spec.type === 'pay'
      ? { receiver: txn.payment?.receiver, amount: txn.payment?.amount, asset: undefined }
      : {
          receiver: txn.assetTransfer?.receiver,
          amount: txn.assetTransfer?.amount,
          asset: txn.assetTransfer?.assetIndex,
        }
  if (moved.receiver === undefined || !bind(spec.receiver, moved.receiver.toString())) {
    return `Transaction ${i} must be sent to the ${spec.receiver}.`
  }
  if (spec.asset !== undefined && !learn({ kind: 'term', term: spec.asset }, moved.asset!, terms)) {
    return `Transaction ${i} must transfer the ${ASSET_NAMES[spec.asset]}.`
  }
  if (!learn(spec.amount, moved.amount ?? 0n, terms)) {
    const expected = amountOf(spec.amount, terms)
    return `Transaction ${i} must move ${expected ?? 'another amount'}.`
  }
  return null
}

/** The variant of `operation` a group of decoded transactions is. Throws SignedGroupError. */
export function readSignedGroup(
  txns: readonly algosdk.Transaction[],
  operation: OperationKey,
  version: ContractVersion = CURRENT_VERSION,
): SignedReading {
  const op = operationSpec(operation, version)
  const oneSender = op.variants.every((v) => new Set(v.group.map((t) => t.sender)).size === 1)
  if (oneSender && txns.some((t) => t.sender.toString() !== txns[0].sender.toString())) {
    fail('Every transaction of a trade is sent by the same account.')
  }
  const calls = op.variants.map((v) => v.group[v.group.length - 1])
  const callSpec = calls.find((c): c is AppCallSpec => c.type === 'appl' && c.create !== true)
  if (callSpec === undefined) fail(`A ${operation} group is not read here.`)
  const callTerms: Terms = {}
  const facts = readCall(operation, callSpec, txns[txns.length - 1], callTerms)
  const sizes = [...new Set(op.variants.map((v) => v.group.length))].sort((a, b) => a - b)
  const candidates = op.variants.filter((v) => v.group.length === txns.length)
  if (candidates.length === 0) {
    fail(`A ${operation} group has ${sizes.join(' or ')} transactions.`)
  }
  let why = ''
  for (const variant of candidates) {
    const terms = { ...callTerms }
    const roles = callRoles(variant.group[variant.group.length - 1] as AppCallSpec, facts)
    let mismatch: string | null = null
    for (const [i, spec] of variant.group.slice(0, -1).entries()) {
      mismatch =
        spec.type === 'appl'
          ? `Transaction ${i} must be an app call.`
          : readTransfer(i, spec, txns[i], terms, roles)
      if (mismatch !== null) break
    }
    if (mismatch === null && !noneFails(variant.when, terms)) {
      mismatch = `The amounts do not fit a ${operation} (${variant.name}).`
    }
    if (mismatch === null) return { version, operation, variant, appId: facts.appId, terms, roles }
    why ||= mismatch
  }
  fail(why)
}
