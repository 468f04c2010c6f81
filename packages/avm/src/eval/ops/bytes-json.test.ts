import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { run, runBytes, testAccepts, testPanics } from '../../../test/helpers.js'
import { MAX_VERSION } from '../../spec/versions.js'

type RefType = 'JSONString' | 'JSONUint64' | 'JSONObject'
type Text = string | Uint8Array

/** Strings are UTF-8; pass a Uint8Array for other bytes. */
const bytesOf = (t: Text): Uint8Array => (typeof t === 'string' ? Buffer.from(t, 'utf8') : t)
const hexOf = (t: Text): string => Buffer.from(bytesOf(t)).toString('hex')
const program = (text: Text, key: Text, type: RefType): string =>
  `byte 0x${hexOf(text)}; byte 0x${hexOf(key)}; json_ref ${type}`

/** json_ref gives `want` (a uint64, or bytes) on every version from 7. */
function yields(text: Text, key: Text, type: RefType, want: bigint | Text): void {
  const expected = typeof want === 'bigint' ? `int ${want}` : `byte 0x${hexOf(want)}`
  testAccepts(`${program(text, key, type)}; ${expected}; ==`, 7)
}

/** json_ref fails with exactly `message` on every version from 7. */
function fails(text: Text, key: Text, type: RefType, message: string): void {
  testPanics(`${program(text, key, type)}; pop; int 1`, 7, message)
  for (let v = 7; v <= MAX_VERSION; v++) {
    expect(run(`${program(text, key, type)}; pop; int 1`, v).error?.message, `v${v}`).toBe(message)
  }
}

const PARSE = 'error while parsing JSON text, '
const INVALID = `${PARSE}invalid json text`
const NOT_OBJECT = `${PARSE}invalid json text, only json object is allowed`
const DUPLICATE = `${PARSE}invalid json text, duplicate keys not allowed`
const MAX = '18446744073709551615'

describe('json_ref reads members of a JSON object', () => {
  const doc = `{"key0": 0,"key1": "algo","key2":{"key3": "teal", "key4": {"key40": 10}}, "key5": ${MAX} }`
  it('as uint64, string and object', () => {
    yields(doc, 'key0', 'JSONUint64', 0n)
    yields(doc, 'key5', 'JSONUint64', BigInt(MAX))
    yields(doc, 'key1', 'JSONString', 'algo')
    yields(doc, 'key2', 'JSONObject', '{"key3": "teal", "key4": {"key40": 10}}')
    testAccepts(
      `${program(doc, 'key2', 'JSONObject')}; byte "key4"; json_ref JSONObject; byte "key40"; json_ref JSONUint64; int 10; ==`,
      7,
    )
    testAccepts(
      `${program(doc, 'key2', 'JSONObject')}; byte "key3"; json_ref JSONString; byte "teal"; ==`,
      7,
    )
    yields('{"maxSafeInt": 9007199254740991}', 'maxSafeInt', 'JSONUint64', 9007199254740991n)
    yields(`{"maxUint64": 18446744073709551616, "smallUint64": 0}`, 'smallUint64', 'JSONUint64', 0n)
  })
  it('decoding string escapes', () => {
    yields('{"key1": "\\u0061\\u006C\\u0067\\u006F"}', 'key1', 'JSONString', 'algo')
    yields('{"k": "\\"teal\\""}', 'k', 'JSONString', '"teal"')
    yields('{"k": " teal "}', 'k', 'JSONString', ' teal ')
    yields('{"k": "a\\/b\\\\c\\b\\f\\n\\r\\t"}', 'k', 'JSONString', 'a/b\\c\b\f\n\r\t')
    yields('{"k": "\\u0000"}', 'k', 'JSONString', new Uint8Array([0]))
    yields('{"k": "\\ud83d\\ude00"}', 'k', 'JSONString', '\u{1f600}')
    yields('{"k": "\\ud800\\u0041"}', 'k', 'JSONString', '\ufffdA')
    yields('{"k": "\\udc00"}', 'k', 'JSONString', '\ufffd')
    yields('{"k": "é"}', 'k', 'JSONString', 'é')
    yields(
      new Uint8Array([...bytesOf('{"k": "'), 0xff, 0xe0, 0xa0, ...bytesOf('"}')]),
      'k',
      'JSONString',
      '\ufffd\ufffd\ufffd',
    )
    yields(
      '{"\\u0072\\u0061\\u0077\\u0049\\u0044": "responseId"}',
      'rawID',
      'JSONString',
      'responseId',
    )
  })
  it('returning objects exactly as written', () => {
    const text = `{"rawId": "responseId","id": "0","response": {"attestationObject": "based64url_encoded_buffer","clientD\\u0061taJSON":  " based64url_encoded_client_data"},"getClientExtensionResults": {},"type": "public-key"}`
    yields(
      text,
      'response',
      'JSONObject',
      `{"attestationObject": "based64url_encoded_buffer","clientD\\u0061taJSON":  " based64url_encoded_client_data"}`,
    )
    yields(text, 'getClientExtensionResults', 'JSONObject', '{}')
    testAccepts(
      `${program(text, 'response', 'JSONObject')}; byte "clientDataJSON"; json_ref JSONString; byte " based64url_encoded_client_data"; ==`,
      7,
    )
    // Duplicates inside a member are not looked at until that member is read as the JSON text.
    yields('{"k": {"a": 10, "a": "10"}}', 'k', 'JSONObject', '{"a": 10, "a": "10"}')
  })
  it('handling a 4096-byte text', () => {
    const text = `{"a":"${'x'.repeat(4088)}"}`
    expect(text.length).toBe(4096)
    testAccepts(`${program(text, 'a', 'JSONString')}; len; int 4088; ==`, 7)
    const object = `{"o":{"k":"${'y'.repeat(4082)}"}}`
    expect(object.length).toBe(4096)
    yields(object, 'o', 'JSONObject', `{"k":"${'y'.repeat(4082)}"}`)
  })
})

describe('json_ref fails', () => {
  it('on a member of the wrong type, with encoding/json messages', () => {
    const cases: [string, RefType, string][] = [
      ['1', 'JSONString', 'json: cannot unmarshal number into Go value of type string'],
      ['[1]', 'JSONString', 'json: cannot unmarshal array into Go value of type string'],
      ['{"key1":1}', 'JSONString', 'json: cannot unmarshal object into Go value of type string'],
      ['true', 'JSONString', 'json: cannot unmarshal bool into Go value of type string'],
      ['"1"', 'JSONUint64', 'json: cannot unmarshal string into Go value of type uint64'],
      ['["1"]', 'JSONUint64', 'json: cannot unmarshal array into Go value of type uint64'],
      ['{"key1":1}', 'JSONUint64', 'json: cannot unmarshal object into Go value of type uint64'],
      ['false', 'JSONUint64', 'json: cannot unmarshal bool into Go value of type uint64'],
      [
        '[1]',
        'JSONObject',
        'json: cannot unmarshal array into Go value of type map[string]json.RawMessage',
      ],
      [
        '1',
        'JSONObject',
        'json: cannot unmarshal number into Go value of type map[string]json.RawMessage',
      ],
      [
        'true',
        'JSONObject',
        'json: cannot unmarshal bool into Go value of type map[string]json.RawMessage',
      ],
      [
        '"1"',
        'JSONObject',
        'json: cannot unmarshal string into Go value of type map[string]json.RawMessage',
      ],
    ]
    for (const [value, type, message] of cases) fails(`{"key0": ${value} }`, 'key0', type, message)
  })
  it('on numbers that are not uint64', () => {
    for (const n of ['-0', '1e10', '0.2e-2', '1.0', '2.5', '-3', '18446744073709551616']) {
      fails(
        `{"key0": ${n}, "x": 2.5}`,
        'key0',
        'JSONUint64',
        `json: cannot unmarshal number ${n} into Go value of type uint64`,
      )
    }
  })
  it('on a null member', () => {
    for (const type of ['JSONString', 'JSONUint64', 'JSONObject'] as const) {
      fails('{"key0": null }', 'key0', type, 'unexpected end of JSON input')
    }
  })
  it('on a missing key', () => {
    fails(
      '{"key0": 1,"key1": "algo","key2":{"key3": "teal", "key4": [1,2,3]} }',
      'key3',
      'JSONString',
      'key key3 not found in JSON text',
    )
    testPanics(
      `${program('{"key2":{"key3": "teal"}}', 'key2', 'JSONObject')}; byte "key5"; json_ref JSONString`,
      7,
      'key key5 not found in JSON text',
    )
    fails('{}', '', 'JSONString', 'key  not found in JSON text')
  })
  it('on text that is not an object', () => {
    for (const text of ['[1,2,3]', '2', 'null', 'true', '"sometext"', ' \n null', '-', '}']) {
      fails(text, 'key', 'JSONUint64', NOT_OBJECT)
    }
  })
  it('on malformed objects', () => {
    fails('{"key0": 1,}', 'key0', 'JSONString', INVALID)
    fails('{noquotes: "shouldn\'t work"}', 'noquotes', 'JSONString', INVALID)
    for (const text of [
      '',
      '   ',
      '{',
      '{"a"',
      '{"a":',
      '{"a":1',
      '{"a" 1}',
      '{"a":1 "b":2}',
      '{"a":[1,]}',
      '{"a":[,1]}',
      '{"a":[1 2]}',
      '{"a":tru}',
      '{"a":nul}',
      '{"a":x}',
      '{"a":1]',
      '{"a":"\\x"}',
      'nul',
      '{"a":1e400}',
      '{"a":1.5.5}',
      '{"a":--1}',
    ]) {
      fails(text, 'a', 'JSONString', INVALID)
    }
  })
  it('on duplicate keys at the top level', () => {
    fails('{"key0": 1, "key0": "3"}', 'key0', 'JSONString', DUPLICATE)
    testPanics(
      `${program('{"k":{"key40": 10, "key40": "x"}}', 'k', 'JSONObject')}; byte "key40"; json_ref JSONString`,
      7,
      DUPLICATE,
    )
    // The duplicate is found before the rest is read.
    fails('{"a": 1, "a": 2, garbage', 'a', 'JSONString', DUPLICATE)
    // A later null replaces the earlier value without a lookup; a later value after a null does not.
    fails('{"a": 1, "a": null}', 'a', 'JSONUint64', 'unexpected end of JSON input')
    yields('{"a": null, "a": null, "b": 2}', 'b', 'JSONUint64', 2n)
    fails('{"a": null, "a": 1}', 'a', 'JSONUint64', DUPLICATE)
    fails('{"a": 1, "a": null, "a": 2}', 'a', 'JSONUint64', DUPLICATE)
  })
  it('on keys that are not strings', () => {
    fails('{1: 2, "a": 3}', 'a', 'JSONUint64', INVALID)
    fails('{"a": 3, null: 2}', 'a', 'JSONUint64', INVALID)
    fails('{true: 2}', 'a', 'JSONUint64', INVALID)
    fails('{{}: 2, "a": 3}', 'a', 'JSONUint64', INVALID)
    fails('{[1]: 2, "a": 3}', 'a', 'JSONUint64', INVALID)
    // They are still map keys, so a repeated one is a duplicate (1.0 and 1e0 are the same float).
    fails('{1: 2, 1: 3}', 'a', 'JSONUint64', DUPLICATE)
    fails('{1.0: 2, 1e0: 3}', 'a', 'JSONUint64', DUPLICATE)
    fails('{1: 2, 1.0: 3}', 'a', 'JSONUint64', INVALID)
    fails('{-0: 2, 0: 3}', 'a', 'JSONUint64', INVALID)
  })
  it('on unknown types', () => {
    // pushbytes "{}"; pushbytes "a"; json_ref R; pop; pushint 1
    const code = (r: number): Uint8Array =>
      new Uint8Array([0x80, 0x02, 0x7b, 0x7d, 0x80, 0x01, 0x61, 0x5f, r, 0x48, 0x81, 0x01])
    for (let v = 7; v <= MAX_VERSION; v++) {
      expect(runBytes(new Uint8Array([v, ...code(3)])).error?.message).toBe(
        'invalid json_ref type invalidJSONRefType',
      )
      expect(runBytes(new Uint8Array([v, ...code(200)])).error?.message).toBe(
        'invalid json_ref type JSONRefType(200)',
      )
      expect(runBytes(new Uint8Array([v, ...code(0)])).error?.message).toBe(
        'key a not found in JSON text',
      )
    }
  })
})

/** go-algorand splits the object with go-codec, which is laxer than JSON; these follow it. */
describe("json_ref follows go-codec's leniency", () => {
  it('reads nothing after the top-level object', () => {
    yields('  {"a": 1} trailing ] garbage', 'a', 'JSONUint64', 1n)
  })
  it('accepts odd numbers in members it does not return, and passes them on raw', () => {
    yields('{"a": +1, "b": 2, "c": 01, "d": -, "e": 1., "f": .5}', 'b', 'JSONUint64', 2n)
    fails('{"a": +1}', 'a', 'JSONUint64', "invalid character '+' looking for beginning of value")
    fails('{"a": 01}', 'a', 'JSONUint64', "invalid character '1' after top-level value")
    fails('{"a": -}', 'a', 'JSONUint64', "invalid character ' ' in numeric literal")
    fails(
      '{"a": 1.}',
      'a',
      'JSONUint64',
      "invalid character ' ' after decimal point in numeric literal",
    )
    // Unless Go's ParseFloat rejects them too.
    fails('{"a": 1e}', 'a', 'JSONUint64', INVALID)
    fails('{"a": 1e+}', 'a', 'JSONUint64', INVALID)
  })
  it("accepts raw control bytes and \\' in strings, which encoding/json then rejects", () => {
    yields('{"k\ny": 1}', 'k\ny', 'JSONUint64', 1n)
    yields('{"a": "x\ny", "b": "it\\\'s", "c": 3}', 'c', 'JSONUint64', 3n)
    fails('{"a": "x\ny"}', 'a', 'JSONString', "invalid character '\\n' in string literal")
    fails('{"a": "x\u0001y"}', 'a', 'JSONString', "invalid character '\\x01' in string literal")
    fails('{"a": "it\\\'s"}', 'a', 'JSONString', "invalid character '\\'' in string escape code")
  })
  it('accepts nested non-string keys and lets encoding/json reject them', () => {
    yields('{"a": {1: 2}, "b": 1}', 'b', 'JSONUint64', 1n)
    fails(
      '{"a": {1: 2}}',
      'a',
      'JSONObject',
      "invalid character '1' looking for beginning of object key string",
    )
    fails('{"a": [1, {"x" : 2 , }]}', 'a', 'JSONObject', INVALID)
  })
  it('decodes key escapes its own way: no surrogate pairs', () => {
    yields('{"\\ud83d\\ude00": 1}', '\ufffd', 'JSONUint64', 1n)
    fails(
      '{"\\ud83d\\ude00": 1}',
      '\u{1f600}',
      'JSONUint64',
      'key \u{1f600} not found in JSON text',
    )
    yields('{"\\ud83dx": 1}', '\ufffdx', 'JSONUint64', 1n)
    // A bad \u escape takes the next four bytes, here the closing quote: the key runs on.
    yields('{"a\\u123": ": 1}', 'a\ufffd: ', 'JSONUint64', 1n)
    fails('{"a\\u12": 1}', 'a', 'JSONUint64', INVALID)
  })
  it('limits nesting to 1023 containers', () => {
    const nested = (n: number): string => `{"a":${'['.repeat(n)}${']'.repeat(n)},"b":2}`
    yields(nested(1022), 'b', 'JSONUint64', 2n)
    fails(nested(1023), 'b', 'JSONUint64', INVALID)
    fails(
      nested(1022),
      'a',
      'JSONString',
      'json: cannot unmarshal array into Go value of type string',
    )
  })
  it('decodes an object used as a key in full, where a repeated key decodes into the old value', () => {
    // A non-object decoded into an earlier object fails in go-codec's ReadMapStart.
    fails('{{"a":{},"a":1}: 1}', 'a', 'JSONUint64', NOT_OBJECT)
    fails('{{"a":[{}],"a":[1]}: 2}', 'a', 'JSONUint64', NOT_OBJECT)
    fails('{[{"b":{}}, {"b":[]}]: 2}', 'a', 'JSONUint64', INVALID)
    // Otherwise the key decodes, and fails for being unhashable.
    fails('{{"a":{},"a":{"b":1}}: 1}', 'a', 'JSONUint64', INVALID)
    fails('{{"a":[{}],"a":[null,1]}: 2}', 'a', 'JSONUint64', INVALID)
    fails('{{"a":1,"a":"2"}: 2}', 'a', 'JSONUint64', INVALID)
  })
  it('skips a NUL byte where it looks ahead for a token', () => {
    const withNul = (s: string): Uint8Array => bytesOf(s.replace(/@/g, '\u0000'))
    yields(withNul('{"a":1@,"b":2}'), 'b', 'JSONUint64', 2n)
    yields(withNul('{"a":@ "x"}'), 'a', 'JSONString', 'x')
    yields(withNul('{"a":@ {"x":1}}'), 'a', 'JSONObject', ' {"x":1}')
    yields(withNul('@{"a":1}'), 'a', 'JSONUint64', 1n)
    fails(
      withNul('@{"a":1}'),
      'b',
      'JSONUint64',
      `${PARSE}invalid character '\\x00' looking for beginning of value`,
    )
    fails(withNul('@@{"a":1}'), 'a', 'JSONUint64', NOT_OBJECT)
  })
})

describe('json_ref properties', () => {
  const MAX_UINT64 = (1n << 64n) - 1n
  it('reads what a JSON encoder wrote', () => {
    const member = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.bigInt({ min: 0n, max: MAX_UINT64 }),
    )
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 8 }), member, { maxKeys: 6 }), (obj) => {
        const entries = Object.entries(obj)
        const text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${typeof v === 'bigint' ? v.toString() : JSON.stringify(v)}`).join(', ')}}`
        for (const [k, v] of entries) {
          const type = typeof v === 'bigint' ? 'JSONUint64' : 'JSONString'
          const want = typeof v === 'bigint' ? `int ${v}` : `byte 0x${hexOf(v)}`
          const r = run(`${program(text, k, type)}; ${want}; ==`, MAX_VERSION)
          expect(r.error).toBeUndefined()
          expect(r.pass).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
  })
  it('never fails with anything but a reported error', () => {
    const piece = fc.constantFrom(
      ...'{}[]":,\\u0123456789abcdefnrtulsE.+- \n\t\u0000é'.split(''),
      '"a"',
      '"b":',
      'null',
      'true',
      '\\ud800',
      '\\"',
      '1e400',
    )
    const text = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''))
    fc.assert(
      fc.property(
        text,
        fc.constantFrom('a', 'b', ''),
        fc.constantFrom<RefType>('JSONString', 'JSONUint64', 'JSONObject'),
        (t, key, type) => {
          const r = run(`${program(t, key, type)}; pop; int 1`, MAX_VERSION)
          if (r.error) expect(r.error.message).not.toMatch(/^internal error/)
        },
      ),
      { numRuns: 3000 },
    )
  })
})
