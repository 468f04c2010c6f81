/**
 * json_ref, as go-algorand's opJSONRef: the text is split into the members of its top-level
 * object by go-codec's lenient decoder (bytes-json-codec.ts), then the requested member's raw
 * text is unmarshalled by encoding/json's strict rules (bytes-json-std.ts). Messages are
 * go-algorand's: parse failures are prefixed "error while parsing JSON text, ", unmarshal errors
 * are encoding/json's own.
 */
import type { StackValue } from '../value.js'
import { decodeObject, type CodecFailure } from './bytes-json-codec.js'
import { isSpace, quoteChar, unmarshal, type JsonTarget } from './bytes-json-std.js'

const PARSE_ERROR = 'error while parsing JSON text, '

/** go-algorand's parseJSON translates go-codec's errors into these three texts. */
const CODEC_MESSAGES: Record<CodecFailure, string> = {
  generic: 'invalid json text',
  duplicate: 'invalid json text, duplicate keys not allowed',
  notObject: 'invalid json text, only json object is allowed',
}

/**
 * go-algorand's isPrimitiveJSON (the first token of encoding/json's Decoder), for a text that
 * go-codec accepted: such a text starts, after white space, with `{`, `null`, or a NUL byte
 * followed by `{` (go-codec reads NUL as "no token"). The first is not primitive, the second is,
 * and the third is a syntax error to encoding/json. Other openings are handled for completeness.
 */
function isPrimitiveJSON(text: Uint8Array): boolean | string {
  let i = 0
  while (i < text.length && isSpace(text[i])) i++
  if (i === text.length) return 'EOF'
  const c = text[i]
  if (c === 0x7b) return false
  if (c === 0x5b) return true
  const valueStart =
    c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39) || 'tfn'.includes(String.fromCharCode(c))
  return valueStart ? true : `invalid character ${quoteChar(c)} looking for beginning of value`
}

const latin1 = (b: Uint8Array): string => String.fromCharCode(...b)

/** The member `key` of the JSON object `text`, as `target`; or the failure message. */
export function jsonRef(
  text: Uint8Array,
  key: Uint8Array,
  target: JsonTarget,
): { value: StackValue } | string {
  const parsed = decodeObject(text)
  if (typeof parsed === 'string') return PARSE_ERROR + CODEC_MESSAGES[parsed]
  let raw: Uint8Array | null | undefined
  if (parsed !== null) {
    // Non-string keys (numbers, true, false, null) decode fine but make the text invalid.
    for (const k of parsed.keys.values()) {
      if (k.bytes === undefined) return `${PARSE_ERROR}invalid json text`
    }
    raw = parsed.values.get(`s${latin1(key)}`)
  }
  if (raw === undefined) {
    const primitive = isPrimitiveJSON(text)
    if (primitive === true) return PARSE_ERROR + CODEC_MESSAGES.notObject
    if (typeof primitive === 'string') return PARSE_ERROR + primitive
    return `key ${Buffer.from(key).toString('utf8')} not found in JSON text`
  }
  // A null member is an empty RawMessage, which encoding/json rejects as truncated input.
  const value = unmarshal(raw ?? new Uint8Array(0), target)
  if (typeof value === 'string') return value
  return { value }
}
