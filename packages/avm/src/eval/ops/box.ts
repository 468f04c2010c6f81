/**
 * Boxes of the current app: box_create, box_extract, box_replace, box_splice, box_del, box_len,
 * box_get, box_put, box_resize (go-algorand box.go, MainNet v41 rules).
 *
 * A box is usable only if the group referenced it (tx.Boxes, index 0 = the called app), or, for
 * an app created in this group, through one of the group's empty box references. Every write
 * marks the box dirty; the bytes of dirty boxes must stay within the group's I/O budget
 * (bytesPerBoxReference per box reference), checked after every access.
 */
import { ON_COMPLETION } from '../../txn.js'
import type { EvalContext } from '../context.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import { boxKey, groupResources, ledgerOf, toHex, viaHost } from '../resources.js'
import { boolToUint, MAX_UINT64 } from '../value.js'
import { extractCarefully, replaceCarefully } from './bytes.js'

type BoxOp = 'create' | 'read' | 'write' | 'delete' | 'resize'

const VERBS: Readonly<Record<BoxOp, string>> = {
  create: 'creating',
  read: 'accessing',
  write: 'writing',
  delete: 'accessing',
  resize: 'resizing',
}

const show = (name: Uint8Array): string => `0x${toHex(name)}`

/** The name and size rules (the ledger's too). `size` may be a saturated sum. */
function lengthChecks(cx: EvalContext, name: Uint8Array, size: bigint): void {
  const { maxAppKeyLen, maxBoxSize } = cx.ep.proto
  if (name.length === 0) fail('box names may not be zero length')
  if (name.length > maxAppKeyLen) {
    fail(`name too long: length was ${name.length}, maximum is ${maxAppKeyLen}`)
  }
  if (size > BigInt(maxBoxSize)) fail(`box size too large: ${size}, maximum is ${maxBoxSize}`)
}

const addSaturate = (a: bigint, b: bigint): bigint => (a + b > MAX_UINT64 ? MAX_UINT64 : a + b)

/**
 * go's `availableBox`: checks the box may be used, reads it, and accounts for the write budget.
 * `size` is the size a create, resize or write-of-a-new-box will give it.
 */
function availableBox(
  cx: EvalContext,
  name: Uint8Array,
  op: BoxOp,
  size: number,
): Uint8Array | undefined {
  if (cx.txn.onCompletion === ON_COMPLETION.ClearState) {
    fail('boxes may not be accessed from ClearState program')
  }
  const r = groupResources(cx)
  const key = boxKey(cx.appId, name)
  const entry = r.boxes.get(key)
  let dirty = entry?.dirty ?? false
  const ledger = ledgerOf(cx)
  let content: Uint8Array | undefined
  if (entry === undefined) {
    // A newly created app may use one unnamed box per empty reference: its boxes are surely
    // empty, so no read is needed.
    const newApp = r.createdApps.has(cx.appId)
    if (newApp && r.unnamedAccess > 0) r.unnamedAccess--
    else {
      // Only simulate's unnamed-resources policy may allow it, accounting for its read.
      const policy = r.policy ?? fail(`invalid Box reference ${show(name)}`)
      content = viaHost(() => ledger.getBox(cx.appId, name))
      if (!policy.availableBox(cx.appId, name, newApp, content?.length ?? 0)) {
        fail(`invalid Box reference ${show(name)}`)
      }
    }
  } else content = viaHost(() => ledger.getBox(cx.appId, name))
  const length = content?.length ?? 0
  switch (op) {
    case 'create':
      if (content !== undefined) {
        if (size !== length) fail(`box size mismatch ${length} ${size}`)
        return content
      }
      if (!dirty) r.dirtyBytes += size
      dirty = true
      break
    case 'write':
      if (!dirty) r.dirtyBytes += content !== undefined ? length : size
      dirty = true
      break
    case 'resize':
      if (dirty) r.dirtyBytes -= length
      r.dirtyBytes += size
      dirty = true
      break
    case 'delete':
      if (dirty) r.dirtyBytes -= length
      dirty = false
      break
    case 'read':
      break
  }
  r.boxes.set(key, { app: cx.appId, name, dirty })
  // Under the policy the budget is what the group could reach with more box references.
  if (r.policy !== undefined) r.ioBudget = r.policy.maxIOBudget()
  if (r.dirtyBytes > r.ioBudget) {
    fail(
      `write budget exceeded (${r.dirtyBytes} > ${r.ioBudget}) while ${VERBS[op]} box ${show(name)}`,
    )
  }
  r.policy?.reconcileWriteBudget(r.dirtyBytes)
  return content
}

function mustExist(content: Uint8Array | undefined, name: Uint8Array): Uint8Array {
  return content ?? fail(`no such box ${show(name)}`)
}

/** Writes a box to the ledger and records it in the box delta. */
function store(cx: EvalContext, name: Uint8Array, value: Uint8Array | undefined): void {
  const ledger = ledgerOf(cx)
  if (value === undefined) viaHost(() => ledger.delBox(cx.appId, name))
  else
    viaHost(() => {
      ledger.putBox(cx.appId, name, value)
    })
  cx.boxDelta.set(toHex(name), { key: name, value })
}

/** go's spliceCarefully: bytes [start, start+length) replaced, zero-filled or cut to size. */
function spliceCarefully(
  original: Uint8Array,
  replacement: Uint8Array,
  start: bigint,
  length: bigint,
): Uint8Array {
  const len = BigInt(original.length)
  if (start > len) fail(`replacement start ${start} beyond length: ${original.length}`)
  const end = start + length
  if (end > MAX_UINT64) fail('splice end exceeds uint64')
  if (end > len) fail(`splice end ${end} beyond original length: ${original.length}`)
  const s = Number(start)
  if (replacement.length > original.length - s) fail('splice inserted bytes too long')
  const out = new Uint8Array(original.length)
  out.set(original.subarray(0, s))
  out.set(replacement, s)
  const tail = original.subarray(Number(end))
  out.set(tail.subarray(0, out.length - s - replacement.length), s + replacement.length)
  return out
}

export const BOX_OPS: OpFamily = {
  box_create: (cx) => {
    const size = cx.popUint()
    const name = cx.popBytes()
    lengthChecks(cx, name, size)
    const exists = availableBox(cx, name, 'create', Number(size)) !== undefined
    if (!exists) store(cx, name, new Uint8Array(Number(size)))
    cx.push(boolToUint(!exists))
  },
  box_extract: (cx) => {
    const length = cx.popUint()
    const start = cx.popUint()
    const name = cx.popBytes()
    lengthChecks(cx, name, addSaturate(start, length))
    const content = mustExist(availableBox(cx, name, 'read', 0), name)
    // extractCarefully's uint64 overflow check cannot fire: lengthChecks saw start + length.
    cx.push(extractCarefully(content, start, length))
  },
  box_replace: (cx) => {
    const replacement = cx.popBytes()
    const start = cx.popUint()
    const name = cx.popBytes()
    lengthChecks(cx, name, addSaturate(start, BigInt(replacement.length)))
    const content = mustExist(availableBox(cx, name, 'write', 0), name)
    store(cx, name, replaceCarefully(content, replacement, start))
  },
  box_splice: (cx) => {
    const replacement = cx.popBytes()
    const length = cx.popUint()
    const start = cx.popUint()
    const name = cx.popBytes()
    lengthChecks(cx, name, 0n)
    const content = mustExist(availableBox(cx, name, 'write', 0), name)
    store(cx, name, spliceCarefully(content, replacement, start, length))
  },
  box_del: (cx) => {
    const name = cx.popBytes()
    lengthChecks(cx, name, 0n)
    const exists = availableBox(cx, name, 'delete', 0) !== undefined
    if (exists) store(cx, name, undefined)
    cx.push(boolToUint(exists))
  },
  box_resize: (cx) => {
    const size = cx.popUint()
    const name = cx.popBytes()
    lengthChecks(cx, name, size)
    const content = mustExist(availableBox(cx, name, 'resize', Number(size)), name)
    const resized = new Uint8Array(Number(size))
    resized.set(content.subarray(0, resized.length))
    store(cx, name, resized)
  },
  box_len: (cx) => {
    const name = cx.popBytes()
    lengthChecks(cx, name, 0n)
    const content = availableBox(cx, name, 'read', 0)
    cx.push(BigInt(content?.length ?? 0))
    cx.push(boolToUint(content !== undefined))
  },
  box_get: (cx) => {
    const name = cx.popBytes()
    lengthChecks(cx, name, 0n)
    const content = availableBox(cx, name, 'read', 0)
    // A box bigger than 4096 bytes fails the step loop's result check, as in go.
    cx.push(content ?? new Uint8Array(0))
    cx.push(boolToUint(content !== undefined))
  },
  box_put: (cx) => {
    const value = cx.popBytes()
    const name = cx.popBytes()
    lengthChecks(cx, name, BigInt(value.length))
    const content = availableBox(cx, name, 'write', value.length)
    if (content !== undefined && content.length !== value.length) {
      fail(`attempt to box_put wrong size ${content.length} != ${value.length}`)
    }
    store(cx, name, value.slice())
  },
}
