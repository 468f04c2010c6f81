/**
 * go-algorand ledger/apply/application.go `ApplicationCall`: create, opt-in, call, close-out,
 * clear-state, update and delete, with their minimum-balance bookkeeping. Programs run through an
 * `AppRunner` (the AVM host), which reports a rejection as `false` and an evaluation error by
 * throwing go's "logic eval error: ..." text.
 */
import { disassemble, MAX_VERSION, ON_COMPLETION, type Txn } from '@unica/avm'
import type algosdk from 'algosdk'
import { fail } from '../errors.js'
import { addrKey, keyString } from '../keys.js'
import type { AppRecord } from '../state.js'
import { decodeUvarint } from '../uvarint.js'
import { checkContractVersions, checkProgramSizes } from '../well-formed.js'
import type { Balances } from './balances.js'
import type { ApplyResult } from './result.js'

export interface AppRun {
  readonly pass: boolean
  readonly delta: algosdk.EvalDelta
}

export interface AppRunner {
  /** Runs the approval program; throws on an evaluation error. */
  approval(appId: bigint, program: Uint8Array): AppRun
  /** Runs the clear-state program, keeping its effects only if it passes; undefined if not. */
  clearState(appId: bigint, program: Uint8Array): AppRun | undefined
}

/** go's logic.CheckContract, as far as a static look allows: a known version, decodable ops. */
function checkProgram(program: Uint8Array, what: string): void {
  const v = decodeUvarint(program)
  if (v === undefined) fail(`check failed on ${what}: invalid version`)
  if (v.value > BigInt(MAX_VERSION)) {
    fail(
      `check failed on ${what}: program version ${v.value} greater than max supported version ${MAX_VERSION}`,
    )
  }
  const d = disassemble(program)
  if (!d.ok) fail(`check failed on ${what}: ${d.error}`)
}

function createApp(b: Balances, t: Txn, ctr: bigint): bigint {
  const sender = addrKey(t.sender)
  const id = b.newCreatableId('app', ctr)
  const record = b.get(sender)
  b.put(sender, {
    ...record,
    schemaUints: record.schemaUints + Number(t.globalNumUint),
    schemaBytes: record.schemaBytes + Number(t.globalNumByteSlice),
    totalAppParams: record.totalAppParams + 1,
    extraPages: record.extraPages + Number(t.extraProgramPages),
  })
  b.ov.putApp(id, {
    creator: t.sender,
    approval: t.approvalProgram,
    clear: t.clearStateProgram,
    globalSchema: { uints: Number(t.globalNumUint), bytes: Number(t.globalNumByteSlice) },
    localSchema: { uints: Number(t.localNumUint), bytes: Number(t.localNumByteSlice) },
    extraPages: Number(t.extraProgramPages),
    version: 0n,
    kv: new Map(),
    uints: 0,
    bytes: 0,
  })
  return id
}

function deleteApp(b: Balances, id: bigint, app: AppRecord): void {
  const creator = addrKey(app.creator)
  const record = b.get(creator)
  b.put(creator, {
    ...record,
    totalAppParams: record.totalAppParams - 1,
    schemaUints: record.schemaUints - app.globalSchema.uints,
    schemaBytes: record.schemaBytes - app.globalSchema.bytes,
    extraPages: record.extraPages - app.extraPages,
  })
  // Boxes and opted-in local states outlive the app, as in go-algorand.
  b.ov.putApp(id, null)
}

function updateApp(b: Balances, t: Txn, id: bigint, app: AppRecord): void {
  checkProgramSizes(t, app.extraPages, b.proto)
  b.ov.putApp(id, {
    ...app,
    approval: t.approvalProgram,
    clear: t.clearStateProgram,
    version: app.version + 1n,
  })
}

function optIn(b: Balances, sender: string, id: bigint, app: AppRecord): void {
  if (b.ov.local(sender, id) !== undefined) {
    fail(`account ${keyString(sender)} has already opted in to app ${id}`)
  }
  const record = b.get(sender)
  b.put(sender, {
    ...record,
    schemaUints: record.schemaUints + app.localSchema.uints,
    schemaBytes: record.schemaBytes + app.localSchema.bytes,
    totalAppLocalStates: record.totalAppLocalStates + 1,
  })
  b.ov.putLocal(sender, id, { schema: app.localSchema, kv: new Map(), uints: 0, bytes: 0 })
}

function closeOut(b: Balances, sender: string, id: bigint): void {
  const record = b.get(sender)
  if (record.totalAppLocalStates === 0) {
    fail(`account ${keyString(sender)} is not opted in to any app, and in particular ${id}`)
  }
  const local =
    b.ov.local(sender, id) ?? fail(`account ${keyString(sender)} is not opted in to app ${id}`)
  b.put(sender, {
    ...record,
    schemaUints: record.schemaUints - local.schema.uints,
    schemaBytes: record.schemaBytes - local.schema.bytes,
    totalAppLocalStates: record.totalAppLocalStates - 1,
  })
  b.ov.putLocal(sender, id, null)
}

export function applicationCall(
  b: Balances,
  t: Txn,
  ad: ApplyResult,
  ctr: bigint,
  runner: AppRunner,
): void {
  const sender = addrKey(t.sender)
  let id = t.applicationId
  if (id === 0n) {
    id = createApp(b, t, ctr)
    ad.applicationId = id
  }
  const app = b.ov.app(id)
  const version = app?.version ?? 0n
  if (t.rejectVersion > 0n && version >= t.rejectVersion) {
    fail(`app version (${version}) >= reject version (${t.rejectVersion})`)
  }
  if (app === undefined && t.onCompletion !== ON_COMPLETION.ClearState) {
    fail(`only ClearState is supported for an application (${id}) that does not exist`)
  }
  if (t.applicationId === 0n || t.onCompletion === ON_COMPLETION.UpdateApplication) {
    const previous =
      t.applicationId === 0n || app === undefined
        ? undefined
        : { approval: app.approval, clear: app.clear }
    checkContractVersions(t.approvalProgram, t.clearStateProgram, b.proto, previous)
    checkProgram(t.approvalProgram, 'ApprovalProgram')
    checkProgram(t.clearStateProgram, 'ClearStateProgram')
  }

  if (t.onCompletion === ON_COMPLETION.ClearState) {
    if (b.ov.local(sender, id) === undefined) {
      fail(`cannot clear state: ${keyString(sender)} is not currently opted in to app ${id}`)
    }
    // The clear-state program cannot stop the opt-out; its effects stay only if it passes.
    if (app !== undefined) ad.evalDelta = runner.clearState(id, app.clear)?.delta
    closeOut(b, sender, id)
    return
  }
  if (app === undefined) return
  if (t.onCompletion === ON_COMPLETION.OptIn) optIn(b, sender, id, app)

  const run = runner.approval(id, app.approval)
  if (!run.pass) fail('transaction rejected by ApprovalProgram')
  // The program may have changed the app (its global state): act on the latest record.
  const latest = b.ov.app(id)
  switch (t.onCompletion) {
    case ON_COMPLETION.CloseOut:
      closeOut(b, sender, id)
      break
    case ON_COMPLETION.DeleteApplication:
      if (latest !== undefined) deleteApp(b, id, latest)
      break
    case ON_COMPLETION.UpdateApplication:
      if (latest !== undefined) updateApp(b, t, id, latest)
      break
    default:
      break
  }
  ad.evalDelta = run.delta
}
