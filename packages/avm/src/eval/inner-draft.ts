/**
 * An inner transaction under construction: go-algorand's `stackIntoTxnField` (what itxn_field
 * accepts for each field, with its messages) and the conversion of a finished draft to a Txn.
 *
 * A draft (InnerTxnDraft) maps Txn property names to the values set so far; booleans are kept as
 * 0/1, `type` as the type's bytes.
 */
import { concatBytes } from '@noble/hashes/utils.js'
import { TXN_FIELDS, type TxnFieldSpec } from '../spec/fields.js'
import { makeTxn, TXN_TYPE_ENUM, type Txn, type TxnType } from '../txn.js'
import type { EvalContext, InnerTxnDraft } from './context.js'
import { fail } from './errors.js'
import { asAddress } from './references.js'
import { availableAccount, availableApp, availableAsset, showAddress } from './resources.js'
import { txnFieldName } from './txn-field-values.js'
import type { StackValue } from './value.js'

/** Consensus limits itxn_field enforces (MainNet v41 values; not in Protocol). */
export const INNER_LIMITS = {
  maxTxnNoteBytes: 1024,
  maxAssetDecimals: 19n,
  maxAssetUnitNameBytes: 8,
  maxAssetNameBytes: 32,
  maxAssetURLBytes: 96,
  maxAppArgs: 16,
  maxAppTotalArgLen: 2048,
  maxAppTxnForeignAssets: 8,
  maxAppTxnForeignApps: 8,
  maxAppProgramLen: 2048,
  maxExtraAppProgramPages: 3n,
  maxGlobalSchemaEntries: 64n,
  maxLocalSchemaEntries: 16n,
  minInnerApplVersion: 4,
} as const

/** The types an inner transaction may have, and the version that allowed each. */
const INNER_TYPES: ReadonlyMap<string, number> = new Map([
  ['pay', 5],
  ['keyreg', 6],
  ['axfer', 5],
  ['acfg', 5],
  ['afrz', 5],
  ['appl', 6],
])

/** go's TxnTypeNames, in TypeEnum order. */
const TYPE_NAMES: readonly string[] = [
  'unknown',
  ...(Object.keys(TXN_TYPE_ENUM) as TxnType[]).sort((a, b) =>
    TXN_TYPE_ENUM[a] < TXN_TYPE_ENUM[b] ? -1 : 1,
  ),
]

/** Go's `%#v` of a []byte, as its messages print one. */
function goBytes(b: Uint8Array): string {
  return `[]byte{${Array.from(b, (x) => `0x${x.toString(16)}`).join(', ')}}`
}

function asUint(sv: StackValue): bigint {
  if (typeof sv !== 'bigint') fail(`${goBytes(sv)} is not a uint64`)
  return sv
}

function uintMaxed(sv: StackValue, max: bigint): bigint {
  const v = asUint(sv)
  if (v > max) fail(`${v} is larger than max=${max}`)
  return v
}

function asBool(sv: StackValue): bigint {
  const v = asUint(sv)
  if (v > 1n) fail(`boolean is neither 1 nor 0: ${v}`)
  return v
}

/** go's `sv.string(limit)`. */
function asString(sv: StackValue, limit: number): Uint8Array {
  if (typeof sv === 'bigint') fail('not a byte array')
  if (sv.length > limit) fail('value is too long')
  return sv.slice()
}

/** A uint in go reads as nil bytes: empty. */
const bytesOf = (sv: StackValue): Uint8Array => (typeof sv === 'bigint' ? new Uint8Array(0) : sv)

function fixedBytes(sv: StackValue, n: number, field: string): Uint8Array {
  const b = bytesOf(sv)
  if (b.length !== n) fail(`${field} must be ${n} bytes`)
  return b.slice()
}

/** go's assignAccount: an address the program may name. */
function assignAccount(cx: EvalContext, sv: StackValue): Uint8Array {
  const addr = asAddress(sv)
  if (!availableAccount(cx, addr)) fail(`unavailable Account ${showAddress(addr)}`)
  return addr.slice()
}

function assignAsset(cx: EvalContext, sv: StackValue): bigint {
  const id = asUint(sv)
  // go appends a dump of its internal resource tables here; that is left out.
  if (!availableAsset(cx, id)) fail(`unavailable Asset ${id} during assignment`)
  return id
}

function assignApp(cx: EvalContext, sv: StackValue): bigint {
  const id = asUint(sv)
  if (!availableApp(cx, id)) fail(`unavailable App ${id}`)
  return id
}

function typeByName(cx: EvalContext, name: string): Uint8Array {
  const v = INNER_TYPES.get(name)
  if (v === undefined || v > cx.version) fail(`${name} is not a valid Type for itxn_field`)
  return new TextEncoder().encode(name)
}

const maxProgram = (): number =>
  INNER_LIMITS.maxAppProgramLen * (1 + Number(INNER_LIMITS.maxExtraAppProgramPages))

function list(draft: InnerTxnDraft, key: string): StackValue[] {
  const v = draft.get(key)
  return Array.isArray(v) ? v : []
}

function appendProgram(draft: InnerTxnDraft, key: string, sv: StackValue, field: string): void {
  const old = draft.get(key)
  const prefix = old instanceof Uint8Array ? old : new Uint8Array(0)
  const piece = bytesOf(sv)
  const joined = concatBytes(prefix, piece)
  draft.set(key, joined)
  if (joined.length > maxProgram()) fail(`${field} may not exceed ${maxProgram()} bytes`)
}

type Setter = (cx: EvalContext, draft: InnerTxnDraft, sv: StackValue, field: string) => void

const set =
  (key: string, convert: (cx: EvalContext, sv: StackValue, field: string) => StackValue): Setter =>
  (cx, draft, sv, field) => {
    draft.set(key, convert(cx, sv, field))
  }

const uint = (key: string): Setter => set(key, (_, sv) => asUint(sv))
const account = (key: string): Setter => set(key, (cx, sv) => assignAccount(cx, sv))
const address = (key: string): Setter => set(key, (_, sv) => asAddress(sv).slice())
const boolean = (key: string): Setter => set(key, (_, sv) => asBool(sv))
const maxed = (key: string, max: bigint): Setter => set(key, (_, sv) => uintMaxed(sv, max))
const text = (key: string, limit: number): Setter => set(key, (_, sv) => asString(sv, limit))
const fixed = (key: string, n: number): Setter => set(key, (_, sv, f) => fixedBytes(sv, n, f))

/** An array field: the value is checked (and converted) first, then the count. */
function appendTo(
  key: string,
  max: (cx: EvalContext) => number,
  what: string,
  convert: (cx: EvalContext, sv: StackValue) => StackValue,
): Setter {
  return (cx, draft, sv) => {
    const item = convert(cx, sv)
    const items = list(draft, key)
    if (items.length >= max(cx)) fail(`too many ${what}`)
    draft.set(key, [...items, item])
  }
}

function program(key: string): Setter {
  return (_, draft, sv, field) => {
    if (bytesOf(sv).length > maxProgram()) fail(`${field} may not exceed ${maxProgram()} bytes`)
    draft.set(key, bytesOf(sv).slice())
  }
}

const SETTERS: Readonly<Record<string, Setter>> = {
  Type: (cx, draft, sv) => {
    if (typeof sv === 'bigint') fail('Type arg not a byte array')
    draft.set('type', typeByName(cx, new TextDecoder().decode(sv)))
  },
  TypeEnum: (cx, draft, sv) => {
    const i = asUint(sv)
    // 0 reports as a number rather than as "unknown".
    if (i === 0n || i >= BigInt(TYPE_NAMES.length)) fail(`${i} is not a valid TypeEnum`)
    draft.set('type', typeByName(cx, TYPE_NAMES[Number(i)]))
  },
  Sender: account('sender'),
  Fee: uint('fee'),
  Note: (_, draft, sv, field) => {
    const b = bytesOf(sv)
    const max = INNER_LIMITS.maxTxnNoteBytes
    if (b.length > max) fail(`${field} may not exceed ${max} bytes`)
    draft.set('note', b.slice())
  },
  RekeyTo: address('rekeyTo'),
  VotePK: fixed('votePk', 32),
  SelectionPK: fixed('selectionPk', 32),
  StateProofPK: fixed('stateProofPk', 64),
  VoteFirst: uint('voteFirst'),
  VoteLast: uint('voteLast'),
  VoteKeyDilution: uint('voteKeyDilution'),
  Nonparticipation: boolean('nonparticipation'),
  Receiver: account('receiver'),
  Amount: uint('amount'),
  CloseRemainderTo: account('closeRemainderTo'),
  XferAsset: set('xferAsset', (cx, sv) => assignAsset(cx, sv)),
  AssetAmount: uint('assetAmount'),
  AssetSender: account('assetSender'),
  AssetReceiver: account('assetReceiver'),
  AssetCloseTo: account('assetCloseTo'),
  ConfigAsset: set('configAsset', (cx, sv) => assignAsset(cx, sv)),
  ConfigAssetTotal: uint('configAssetTotal'),
  ConfigAssetDecimals: maxed('configAssetDecimals', INNER_LIMITS.maxAssetDecimals),
  ConfigAssetDefaultFrozen: boolean('configAssetDefaultFrozen'),
  ConfigAssetUnitName: text('configAssetUnitName', INNER_LIMITS.maxAssetUnitNameBytes),
  ConfigAssetName: text('configAssetName', INNER_LIMITS.maxAssetNameBytes),
  ConfigAssetURL: text('configAssetUrl', INNER_LIMITS.maxAssetURLBytes),
  ConfigAssetMetadataHash: fixed('configAssetMetadataHash', 32),
  ConfigAssetManager: address('configAssetManager'),
  ConfigAssetReserve: address('configAssetReserve'),
  ConfigAssetFreeze: address('configAssetFreeze'),
  ConfigAssetClawback: address('configAssetClawback'),
  FreezeAsset: set('freezeAsset', (cx, sv) => assignAsset(cx, sv)),
  FreezeAssetAccount: account('freezeAssetAccount'),
  FreezeAssetFrozen: boolean('freezeAssetFrozen'),
  ApplicationID: set('applicationId', (cx, sv) => assignApp(cx, sv)),
  OnCompletion: maxed('onCompletion', 5n),
  RejectVersion: uint('rejectVersion'),
  ApplicationArgs: (_, draft, sv) => {
    if (typeof sv === 'bigint') fail('ApplicationArg is not a byte array')
    const args = list(draft, 'applicationArgs') as Uint8Array[]
    const total = args.reduce((n, a) => n + a.length, sv.length)
    if (total > INNER_LIMITS.maxAppTotalArgLen) fail('total application args length too long')
    if (args.length >= INNER_LIMITS.maxAppArgs) fail('too many application args')
    draft.set('applicationArgs', [...args, sv.slice()])
  },
  Accounts: appendTo(
    'accounts',
    (cx) => cx.ep.proto.maxAppTxnAccounts,
    'foreign accounts',
    assignAccount,
  ),
  Assets: appendTo(
    'foreignAssets',
    () => INNER_LIMITS.maxAppTxnForeignAssets,
    'foreign assets',
    assignAsset,
  ),
  Applications: appendTo(
    'foreignApps',
    () => INNER_LIMITS.maxAppTxnForeignApps,
    'foreign apps',
    assignApp,
  ),
  ApprovalProgram: program('approvalProgram'),
  ClearStateProgram: program('clearStateProgram'),
  ApprovalProgramPages: (_, draft, sv, field) => {
    appendProgram(draft, 'approvalProgram', sv, field)
  },
  ClearStateProgramPages: (_, draft, sv, field) => {
    appendProgram(draft, 'clearStateProgram', sv, field)
  },
  GlobalNumUint: maxed('globalNumUint', INNER_LIMITS.maxGlobalSchemaEntries),
  GlobalNumByteSlice: maxed('globalNumByteSlice', INNER_LIMITS.maxGlobalSchemaEntries),
  LocalNumUint: maxed('localNumUint', INNER_LIMITS.maxLocalSchemaEntries),
  LocalNumByteSlice: maxed('localNumByteSlice', INNER_LIMITS.maxLocalSchemaEntries),
  ExtraProgramPages: maxed('extraProgramPages', INNER_LIMITS.maxExtraAppProgramPages),
}

/** itxn_field: sets `fs` of `draft` from `sv`, or fails as go's stackIntoTxnField does. */
export function setInnerField(
  cx: EvalContext,
  draft: InnerTxnDraft,
  fs: TxnFieldSpec,
  sv: StackValue,
): void {
  const setter = SETTERS[fs.name] ?? fail(`invalid itxn_field ${fs.name}`)
  setter(cx, draft, sv, fs.name)
}

/** The settable field an itxn_field immediate names in this version. */
export function innerFieldSpec(cx: EvalContext, field: number): TxnFieldSpec {
  const fs = TXN_FIELDS.fields.at(field)
  if (fs === undefined || fs.innerVersion === 0 || fs.innerVersion > cx.version) {
    fail(`invalid itxn_field ${txnFieldName(field)}`)
  }
  return fs
}

const BOOLEAN_KEYS = new Set(['nonparticipation', 'configAssetDefaultFrozen', 'freezeAssetFrozen'])

/** The Txn a finished draft describes; a draft with no type is malformed (go's WellFormed). */
export function draftToTxn(draft: InnerTxnDraft): Txn {
  const type = draft.get('type')
  if (!(type instanceof Uint8Array)) fail('unknown tx type ')
  const fields: Record<string, unknown> = {}
  for (const [key, value] of draft) {
    fields[key] = BOOLEAN_KEYS.has(key) ? value === 1n : value
  }
  fields.type = new TextDecoder().decode(type)
  return makeTxn(fields as Partial<Txn> & Pick<Txn, 'type' | 'sender'>)
}
