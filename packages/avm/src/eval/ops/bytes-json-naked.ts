/**
 * go-codec's decoding of a JSON value into an empty `interface{}` ("naked" decoding), which json_ref
 * meets only when a key of the top-level object is itself an object or an array. Such a key always
 * fails in the end (Go cannot hash it), but decoding it first may fail differently: a duplicate
 * key inside it decodes the new value *into* the old one, and decoding a non-object into an old
 * object fails in ReadMapStart, which go-algorand reports as "only json object is allowed". So the
 * values are modelled with their Go types, and decoding into an existing value follows go-codec:
 * maps merge, slices overwrite their first elements, scalars reread the token as their own type.
 */
import {
  decodesAsFloat64,
  decodesAsInt64,
  decodesAsUint64,
  nakedNumberId,
} from './bytes-json-number.js'
import { QUOTE, St, type Reader } from './bytes-json-reader.js'

type Scalar = 'string' | 'uint' | 'int' | 'float' | 'bool'

/** A decoded Go value. Maps and slices are references, shared as in Go. */
type GoValue =
  | { readonly kind: 'nil' }
  | { readonly kind: 'map'; entries: Map<string, GoValue> | null }
  | { readonly kind: 'slice'; items: GoValue[] | null }
  | { readonly kind: Scalar; readonly id: string }

const NIL: GoValue = { kind: 'nil' }

/** Decodes a fresh value (DecodeNaked): containers fully, scalars by their first byte. */
export function decodeNaked(r: Reader): GoValue {
  const t = r.token()
  if (t === 0x6e) {
    r.readLiteral('ull')
    return NIL
  }
  if (t === 0x66 || t === 0x74) {
    r.readLiteral(t === 0x66 ? 'alse' : 'rue')
    return { kind: 'bool', id: t === 0x66 ? 'false' : 'true' }
  }
  if (t === 0x7b) return decodeMap(r, new Map<string, GoValue>())
  if (t === 0x5b) return decodeSlice(r, null)
  if (t === QUOTE) return { kind: 'string', id: `s${String.fromCharCode(...r.readString())}` }
  const id = nakedNumberId(r.decNumBytes())
  if (id === undefined) r.fail()
  return { kind: id.startsWith('u') ? 'uint' : id.startsWith('i') ? 'int' : 'float', id }
}

/** A map key's identity as a Go interface value (type and value); containers cannot be hashed. */
function keyIdentity(r: Reader, key: GoValue): string {
  if (key.kind === 'map' || key.kind === 'slice') r.fail()
  return key.kind === 'nil' ? 'nil' : key.id
}

/** DecMapIntfIntfV: decodes a JSON object into `entries` (new or existing). */
function decodeMap(r: Reader, entries: Map<string, GoValue>): GoValue {
  r.readMapStart()
  r.depthIncr()
  while (!r.checkBreak()) {
    r.elem(St.MapStart, St.MapKey)
    const key = decodeNaked(r)
    r.expect(0x3a, St.MapValue)
    if (r.tryNil()) {
      entries.set(keyIdentity(r, key), NIL)
      continue
    }
    const id = keyIdentity(r, key)
    entries.set(id, decodeInto(r, entries.get(id) ?? NIL))
  }
  r.expect(0x7d, St.MapEnd)
  r.depth--
  return { kind: 'map', entries }
}

/**
 * DecSliceIntfV: decodes a JSON array (or an object, as alternating keys and values) into a slice.
 * An existing slice keeps its length: its first elements are decoded into, the rest are dropped.
 */
function decodeSlice(r: Reader, existing: GoValue[] | null): GoValue {
  const t = r.token()
  const isArray = t === 0x5b
  if (isArray) r.expect(0x5b, St.ArrayStart)
  else if (t === 0x7b) r.readMapStart()
  else r.fail()
  r.depthIncr()
  const old = existing ?? []
  const items: GoValue[] = []
  for (let j = 0; !r.checkBreak(); j++) {
    if (isArray) r.elem(St.ArrayStart, St.ArrayElem)
    else if (j % 2 === 0) r.elem(St.MapStart, St.MapKey)
    else r.expect(0x3a, St.MapValue)
    items.push(r.tryNil() ? NIL : decodeInto(r, j < old.length ? old[j] : NIL))
  }
  if (isArray) r.expect(0x5d, St.ArrayEnd)
  else r.expect(0x7d, St.MapEnd)
  r.depth--
  if (existing === null) return { kind: 'slice', items }
  for (let j = 0; j < Math.min(items.length, existing.length); j++) existing[j] = items[j]
  return { kind: 'slice', items: existing }
}

/** kInterface: decodes into an interface holding `current`, keeping its Go type. */
function decodeInto(r: Reader, current: GoValue): GoValue {
  if (current.kind === 'nil') return decodeNaked(r)
  if (r.tryNil()) {
    // The interface gets the zero value of the type it holds.
    if (current.kind === 'map') return { kind: 'map', entries: null }
    if (current.kind === 'slice') return { kind: 'slice', items: null }
    return current
  }
  switch (current.kind) {
    case 'map':
      return decodeMap(r, current.entries ?? new Map<string, GoValue>())
    case 'slice':
      return decodeSlice(r, current.items)
    case 'bool':
      decodeBool(r)
      return current
    case 'string':
      decodeString(r)
      return current
    default: {
      const bs = r.decNumBytes()
      const ok =
        current.kind === 'uint'
          ? decodesAsUint64(bs)
          : current.kind === 'int'
            ? decodesAsInt64(bs)
            : decodesAsFloat64(bs)
      if (!ok) r.fail()
      return current
    }
  }
}

/** DecodeString: a string, or the text of a literal or a number in its place. */
function decodeString(r: Reader): void {
  const t = r.token()
  if (t === QUOTE) r.readString()
  else if (t === 0x6e) r.readLiteral('ull')
  else if (t === 0x66) r.readLiteral('alse')
  else if (t === 0x74) r.readLiteral('rue')
  else r.decNumBytes()
}

/** DecodeBool; as a map key (in an object read into a slice) the literal may be quoted. */
function decodeBool(r: Reader): void {
  let t = r.token()
  const quoted = r.st === St.MapKey && t === QUOTE
  if (quoted) t = r.readByte()
  if (t === 0x66) r.readLiteral('alse')
  else if (t === 0x74) r.readLiteral('rue')
  else r.fail()
  if (quoted) r.readByte()
}
