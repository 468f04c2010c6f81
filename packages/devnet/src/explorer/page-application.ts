/** GET /explorer/application/:id — creator, programs (disassembled), state, schemas, recent calls. */
import { disassemble } from '@unica/avm'
import { getApplicationAddress, type modelsv2 } from 'algosdk'
import { type ExplorerContext, ExplorerError, parseUint } from './context.js'
import { addressLink, blockLink, bytesView, txLink } from './format.js'
import { type Html, fields, listTable, markup, type Page } from './html.js'
import { recentForCreatable } from './recent.js'

const RECENT = 25

function program(title: string, bytes: Uint8Array): Html {
  const result = disassemble(bytes)
  const text = result.ok ? result.text : `cannot disassemble: ${result.error}`
  const summary = markup`<summary>${title} (${bytes.length} bytes)</summary>`
  return markup`<details>${summary}<pre>${text}</pre></details>`
}

function schema(s: modelsv2.ApplicationStateSchema | undefined): string {
  return `${(s?.numUint ?? 0).toString()} uints, ${(s?.numByteSlice ?? 0).toString()} byte slices`
}

/** TealValue type 1 is bytes, 2 uint (algod's encoding). */
function globalState(kvs: readonly modelsv2.TealKeyValue[]): Html {
  const rows = kvs.map((kv) =>
    kv.value.type === 1
      ? [bytesView(kv.key), 'bytes', bytesView(kv.value.bytes)]
      : [bytesView(kv.key), 'uint', kv.value.uint.toString()],
  )
  return listTable(['Key', 'Type', 'Value'], rows, 'No global state.')
}

function appDetails(ctx: ExplorerContext, id: bigint, p: modelsv2.ApplicationParams): Html {
  const record = ctx.index.state.apps.get(id)
  const table = fields([
    ['Application id', id.toString()],
    ['Creator', addressLink(p.creator.toString())],
    ['Application address', addressLink(getApplicationAddress(id).toString())],
    ['Approval program', `${p.approvalProgram.length.toString()} bytes`],
    ['Clear program', `${p.clearStateProgram.length.toString()} bytes`],
    ['Extra program pages', p.extraProgramPages ?? 0],
    ['Global schema', schema(p.globalStateSchema)],
    ['Local schema', schema(p.localStateSchema)],
    ['Created in round', record?.provisional === false ? blockLink(record.created) : undefined],
  ])
  return markup`${table}
<h2>Global state</h2>
${globalState(p.globalState ?? [])}
<h2>Programs</h2>
${program('Approval program', p.approvalProgram)}
${program('Clear state program', p.clearStateProgram)}`
}

export function applicationPage(ctx: ExplorerContext, rawId: string | undefined): Page {
  const id = parseUint('application id', rawId)
  const p = ctx.chain.application(id)?.params
  const record = ctx.index.state.apps.get(id)
  if (p === undefined && record === undefined) {
    throw new ExplorerError(404, `No application ${id.toString()} on this network.`)
  }
  const calls = recentForCreatable(ctx, id, 'appl', RECENT).map(({ rootId, txn, offset }) => [
    markup`${txLink(rootId, true)}${offset > 0 ? markup` <span class="muted">(inner)</span>` : ''}`,
    blockLink(txn.confirmedRound),
    addressLink(txn.sender, true),
    txn.createdApplicationIndex !== undefined
      ? 'create'
      : (txn.applicationTransaction?.onCompletion ?? ''),
  ])
  const closed = record?.closed === undefined ? '' : markup` in round ${blockLink(record.closed)}`
  const details =
    p === undefined
      ? markup`<p><span class="warn">Deleted</span>${closed}.</p>`
      : appDetails(ctx, id, p)
  const body = markup`<h1>Application ${id.toString()}</h1>${details}
<h2>Recent calls</h2>
${listTable(['Transaction', 'Round', 'Sender', 'Action'], calls, 'No calls yet.')}`
  return { status: 200, title: `Application ${id.toString()}`, body }
}
