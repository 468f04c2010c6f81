/**
 * The checks itxn_submit makes on each inner transaction before handing the group to the host
 * (go-algorand's opItxnSubmit and `allows` in resources.go), and the sender authorization rule
 * the host applies before each transaction (go's authorizedSender).
 */
import { encodeAddress } from '../encoding/address.js'
import { decodeUvarint } from '../encoding/varuint.js'
import type { InnerCaller, Ledger } from '../ledger.js'
import { SHARED_RESOURCES_VERSION } from '../spec/versions.js'
import { ON_COMPLETION, ZERO_ADDRESS, type Txn } from '../txn.js'
import type { EvalContext } from './context.js'
import { fail } from './errors.js'
import { INNER_LIMITS } from './inner-draft.js'
import {
  appAddress,
  allowsHolding,
  allowsLocals,
  groupResources,
  ledgerOf,
  showAddress,
  viaHost,
} from './resources.js'
import { bytesEqual } from './value.js'

/**
 * Why `caller` may not send from `sender` (go's authorizedSender), or undefined if it may: the
 * sender's authorizer (its auth address, or itself) must be the caller's address. Hosts apply it
 * before each inner transaction and throw an Error with the message.
 */
export function innerSenderProblem(
  ledger: Ledger,
  caller: InnerCaller,
  sender: Uint8Array,
): string | undefined {
  const auth = ledger.account(sender).authAddr
  const authorizer = bytesEqual(auth, ZERO_ADDRESS) ? sender : auth
  if (bytesEqual(authorizer, caller.appAddress)) return undefined
  const app = encodeAddress(caller.appAddress)
  return `app ${caller.appId} (addr ${app}) unauthorized ${encodeAddress(authorizer)}`
}

/** go's transactions.ProgramVersion. */
function programVersion(program: Uint8Array): bigint {
  if (program.length === 0) fail('invalid program (empty)')
  return decodeUvarint(program, 0)?.value ?? fail('invalid version')
}

/**
 * The app-call rules: no self-call or re-entry, a bounded call depth, and a callee (approval or
 * clear-state program) recent enough to run as an inner program. Returns the callee's version.
 */
export function checkInnerAppCall(cx: EvalContext, t: Txn): bigint {
  const r = groupResources(cx)
  const id = t.applicationId
  if (id === cx.appId) fail('attempt to self-call')
  if (id !== 0n && r.callChain.includes(id)) fail(`attempt to re-enter ${id}`)
  const depth = r.callChain.length
  if (depth >= cx.ep.proto.maxAppCallDepth) fail(`appl depth (${depth}) exceeded`)
  const ledger = ledgerOf(cx)
  const params = () =>
    id === 0n
      ? undefined
      : (viaHost(() => ledger.appParams(id)) ?? fail(`app ${id} does not exist`))
  const app = params()
  let program = app?.approvalProgram ?? t.approvalProgram
  if (app && t.onCompletion === ON_COMPLETION.ClearState) program = app.clearStateProgram
  const min = BigInt(INNER_LIMITS.minInnerApplVersion)
  const version = programVersion(program)
  if (version < min) fail(`inner app call with version v${version} < v${min}`)
  // Opting in commits to running the clear-state program later, so it must be runnable too.
  if (t.onCompletion === ON_COMPLETION.OptIn) {
    const csv = programVersion(app?.clearStateProgram ?? t.clearStateProgram)
    if (csv < min) fail(`inner app call opt-in with CSP v${csv} < v${min}`)
  }
  return version
}

function requireHolding(cx: EvalContext, addr: Uint8Array, asset: bigint, what: string): void {
  // Zero ids and addresses were allowed before v9 and still are.
  if (asset === 0n || bytesEqual(addr, ZERO_ADDRESS)) return
  if (!allowsHolding(cx, addr, asset)) {
    fail(`${what}: unavailable Holding ${asset}+${showAddress(addr)} would be accessible`)
  }
}

function requireLocals(cx: EvalContext, addr: Uint8Array, app: bigint, what: string): void {
  if (!allowsLocals(cx, addr, app)) {
    fail(`${what}: unavailable Local State ${app}+${showAddress(addr)} would be accessible`)
  }
}

/**
 * go's `allows`: from v9, where availability is shared across the group, an inner transaction
 * must not reach a holding or local state the program itself could not (one whose account and
 * asset/app became available through different transactions).
 */
export function checkInnerAllowed(cx: EvalContext, t: Txn, calleeVersion: bigint): void {
  if (cx.version < SHARED_RESOURCES_VERSION) return
  switch (t.type) {
    case 'pay':
    case 'keyreg':
    case 'acfg':
      return
    case 'axfer': {
      // A clawback does not need the sender's holding.
      if (bytesEqual(t.assetSender, ZERO_ADDRESS)) {
        requireHolding(cx, t.sender, t.xferAsset, 'axfer Sender')
      }
      requireHolding(cx, t.assetReceiver, t.xferAsset, 'axfer AssetReceiver')
      requireHolding(cx, t.assetSender, t.xferAsset, 'axfer AssetSender')
      requireHolding(cx, t.assetCloseTo, t.xferAsset, 'axfer AssetCloseTo')
      return
    }
    case 'afrz':
      requireHolding(cx, t.freezeAssetAccount, t.freezeAsset, 'afrz FreezeAccount')
      return
    case 'appl': {
      // A callee that shares resources itself checks what it touches.
      if (calleeVersion >= BigInt(SHARED_RESOURCES_VERSION)) return
      const accounts = [t.sender, ...t.accounts]
      if (t.applicationId !== 0n) accounts.push(appAddress(t.applicationId))
      for (const id of t.foreignApps) accounts.push(appAddress(id))
      for (const addr of accounts) {
        for (const id of t.foreignAssets) requireHolding(cx, addr, id, 'appl ForeignAssets')
        if (t.applicationId !== 0n) {
          requireLocals(cx, addr, t.applicationId, 'appl ApplicationID')
        }
        for (const id of t.foreignApps) requireLocals(cx, addr, id, 'appl ForeignApps')
      }
      return
    }
    default:
      fail(`unknown inner transaction type ${t.type}`)
  }
}
