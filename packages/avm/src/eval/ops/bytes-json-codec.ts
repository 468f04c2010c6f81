/**
 * json_ref's first step, go-algorand's `parseJSON`: `protocol.DecodeJSON(text, &map[any]json.RawMessage)`,
 * which runs the JSON decoder of github.com/algorand/go-codec. That decoder is far more lenient
 * than the JSON grammar (see bytes-json-reader.ts), and json_ref's behaviour depends on exactly
 * how, so this module follows its steps:
 *
 * - only the top-level object is decoded: each member value is skipped over structurally
 *   (`swallow`) and kept as its raw text, for encoding/json to check later;
 * - keys are decoded as Go values of any type (go-algorand rejects non-strings afterwards);
 * - nothing after the top-level object is read;
 * - a key seen twice fails ("cannot decode into a non-pointer value"), unless the later value is
 *   null, which replaces the earlier one without a lookup.
 */
import { nakedNumberId } from './bytes-json-number.js'
import { decodeNaked } from './bytes-json-naked.js'
import { CodecError, QUOTE, Reader, St, type CodecFailure } from './bytes-json-reader.js'

export type { CodecFailure } from './bytes-json-reader.js'

/** A decoded top-level key: its bytes when it is a string, and its identity as a Go map key. */
interface CodecKey {
  readonly bytes: Uint8Array | undefined
  readonly id: string
}

/** The decoded object: member values by key id; null marks a JSON null (an empty RawMessage). */
export interface CodecObject {
  readonly keys: Map<string, CodecKey>
  readonly values: Map<string, Uint8Array | null>
}

/** A top-level key, decoded into an empty interface (kInterfaceNaked). */
function decodeKey(r: Reader): CodecKey {
  const t = r.token()
  if (t === 0x6e) {
    r.readLiteral('ull')
    return { bytes: undefined, id: 'nil' }
  }
  if (t === 0x66 || t === 0x74) {
    r.readLiteral(t === 0x66 ? 'alse' : 'rue')
    return { bytes: undefined, id: t === 0x66 ? 'false' : 'true' }
  }
  if (t === 0x7b || t === 0x5b) {
    // Decoded in full (which may fail in its own way), then unhashable: always an error.
    decodeNaked(r)
    r.fail()
  }
  if (t === QUOTE) {
    const bytes = Uint8Array.from(r.readString())
    return { bytes, id: `s${String.fromCharCode(...bytes)}` }
  }
  const id = nakedNumberId(r.decNumBytes())
  if (id === undefined) r.fail()
  return { bytes: undefined, id }
}

/** DecodeNaked of a scalar inside a skipped value. */
function skipScalar(r: Reader): void {
  const t = r.token()
  if (t === 0x6e) r.readLiteral('ull')
  else if (t === 0x66) r.readLiteral('alse')
  else if (t === 0x74) r.readLiteral('rue')
  else if (t === 0x7b || t === 0x5b)
    return // only after a NUL: left unread, as go-codec does
  else if (t === QUOTE) r.readString()
  else if (nakedNumberId(r.decNumBytes()) === undefined) r.fail()
}

/** Skips one value structurally (go-codec's swallow). */
function swallow(r: Reader): void {
  if (r.tryNil()) return
  const t = r.token()
  if (t === 0x7b || t === 0x5b) {
    const isMap = t === 0x7b
    r.expect(t, isMap ? St.MapStart : St.ArrayStart)
    r.depthIncr()
    while (!r.checkBreak()) {
      if (isMap) {
        r.elem(St.MapStart, St.MapKey)
        swallow(r)
        r.expect(0x3a, St.MapValue)
      } else {
        r.elem(St.ArrayStart, St.ArrayElem)
      }
      swallow(r)
    }
    r.expect(isMap ? 0x7d : 0x5d, isMap ? St.MapEnd : St.ArrayEnd)
    r.depth--
  } else if (t === QUOTE) {
    r.readString()
  } else {
    skipScalar(r)
  }
}

/** The raw text of the next value (nextValueBytes): it starts where the lookahead token was. */
function rawValue(r: Reader): Uint8Array {
  if (r.tok !== 0) {
    r.c--
    r.tok = 0
  }
  const start = r.c
  swallow(r)
  return r.b.slice(start, r.c)
}

/** Decodes the whole text into map[any]json.RawMessage; null for a JSON null. */
function decodeTop(r: Reader): CodecObject | null {
  if (r.tryNil()) return null
  r.readMapStart()
  r.depthIncr()
  const keys = new Map<string, CodecKey>()
  const values = new Map<string, Uint8Array | null>()
  while (!r.checkBreak()) {
    r.elem(St.MapStart, St.MapKey)
    const key = decodeKey(r)
    r.expect(0x3a, St.MapValue)
    keys.set(key.id, key)
    // A null value is stored without looking the key up, so it may replace an earlier value.
    if (r.tryNil()) {
      values.set(key.id, null)
      continue
    }
    if (values.has(key.id)) r.fail('duplicate')
    values.set(key.id, rawValue(r))
  }
  r.expect(0x7d, St.MapEnd)
  return { keys, values }
}

/** go-codec's decode of `text` into map[any]json.RawMessage, or why it failed. */
export function decodeObject(text: Uint8Array): CodecObject | null | CodecFailure {
  try {
    return decodeTop(new Reader(text))
  } catch (e) {
    if (e instanceof CodecError) return e.kind
    throw e
  }
}
