import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { run, runBytes, testAccepts, testPanics, testRejects } from '../../../test/helpers.js'
import { MAX_VERSION } from '../../spec/versions.js'

const hex = (s: string): string => Buffer.from(s, 'latin1').toString('hex')

/** Runs hand-built bytecode (for programs the assembler refuses) on every version from `from`. */
function panicsBytes(code: readonly number[], from: number, message: string): void {
  for (let v = from; v <= MAX_VERSION; v++) {
    const r = runBytes(new Uint8Array([v, ...code]))
    expect(r.error?.message, `v${v}`).toBe(message)
  }
}

describe('base64_decode', () => {
  const melville = 'MOBY-DICK;\n\nor, THE WHALE.\n\n\nBy Herman Melville'
  const moby = 'TU9CWS1ESUNLOwoKb3IsIFRIRSBXSEFMRS4KCgpCeSBIZXJtYW4gTWVsdmlsbGU='
  // [encoded, alphabet, decoded, error] from go-algorand's TestOpBase64Decode
  const cases: [string, string, string, string][] = [
    [moby, 'StdEncoding', melville, ''],
    [moby, 'URLEncoding', melville, ''],
    ['cGFk', 'StdEncoding', 'pad', ''],
    ['cGFk=', 'StdEncoding', 'pad', 'input byte 4'],
    ['cGFk==', 'StdEncoding', 'pad', 'input byte 4'],
    ['cGFk===', 'StdEncoding', 'pad', 'input byte 4'],
    ['cGFk====', 'StdEncoding', 'pad', 'input byte 4'],
    ['bm9wYWQ=', 'StdEncoding', 'nopad', ''],
    ['bm9wYWQ', 'StdEncoding', 'nopad', ''],
    ['bm9wYWQ==', 'StdEncoding', 'nopad', 'illegal'],
    ['YWJjMTIzIT8kKiYoKSctPUB+', 'StdEncoding', "abc123!?$*&()'-=@~", ''],
    ['YWJjMTIzIT8kKiYoKSctPUB-', 'URLEncoding', "abc123!?$*&()'-=@~", ''],
    ['YWJjMTIzIT8kKiYoKSctPUB+', 'URLEncoding', '', 'input byte 23'],
    ['YWJjMTIzIT8kKiYoKSctPUB-', 'StdEncoding', '', 'input byte 23'],
    ['', 'StdEncoding', '', ''],
    ['', 'URLEncoding', '', ''],
    ['=', 'StdEncoding', '', 'byte 0'],
    ['=', 'URLEncoding', '', 'byte 0'],
    [' ', 'StdEncoding', '', 'byte 0'],
    ['\t', 'URLEncoding', '', 'byte 0'],
    ['\r', 'StdEncoding', '', ''],
    ['\n', 'URLEncoding', '', ''],
    ['YWJjMTIzIT8kKiYoKSctPUB+\n', 'StdEncoding', "abc123!?$*&()'-=@~", ''],
    ['YWJjMTIzIT8kK\riYoKSctPUB-\n', 'URLEncoding', "abc123!?$*&()'-=@~", ''],
    ['\n\rYWJjMTIzIT8\rkKiYoKSctPUB+\n', 'StdEncoding', "abc123!?$*&()'-=@~", ''],
    ['SQ==', 'StdEncoding', 'I', ''],
    ['\rS\r\nQ=\n=\r\r\n', 'URLEncoding', 'I', ''],
    ['S=Q=', 'StdEncoding', '', 'byte 1'],
    ['=SQ=', 'URLEncoding', '', 'byte 0'],
    ['SQ', 'StdEncoding', 'I', ''],
    ['SQ=', 'StdEncoding', '', 'byte 3'],
    ['SQ===', 'URLEncoding', '', 'byte 4'],
    ['WQ==', 'StdEncoding', 'Y', ''],
    ['WR==', 'StdEncoding', 'Y', 'byte 2'],
    // Strictness without padding, and a partial quantum of three symbols.
    ['WQ', 'StdEncoding', 'Y', ''],
    ['WR', 'StdEncoding', '', 'illegal base64 data at input byte 0'],
    ['YWI', 'StdEncoding', 'ab', ''],
    ['YWJ', 'StdEncoding', '', 'illegal base64 data at input byte 2'],
    ['YWJ=', 'StdEncoding', '', 'illegal base64 data at input byte 3'],
    ['Y', 'StdEncoding', '', 'illegal base64 data at input byte 0'],
    ['YWI=\nx=', 'StdEncoding', '', 'illegal base64 data at input byte 5'],
    ['_-8=', 'URLEncoding', '\xff\xef', ''],
    ['/+8=', 'StdEncoding', '\xff\xef', ''],
  ]
  it("decodes as Go's strict decoders, padded when the input ends in '='", () => {
    for (const [encoded, alphabet, decoded, error] of cases) {
      const source = `byte 0x${hex(decoded)}; byte 0x${hex(encoded)}; base64_decode ${alphabet}; ==`
      if (error === '') testAccepts(source, 7)
      else testPanics(source, 7, error)
    }
  })
  it('decodes 4096 bytes', () => {
    testAccepts(
      `byte 0x${hex('A'.repeat(4096))}; base64_decode StdEncoding; dup; len; int 3072; ==; assert; int 3071; getbyte; !`,
      7,
    )
  })
  it('rejects unknown encodings', () => {
    // pushbytes "cGFk"; base64_decode E; len
    const program = (e: number): number[] => [0x80, 0x04, 0x63, 0x47, 0x46, 0x6b, 0x5e, e, 0x15]
    panicsBytes(program(2), 7, 'invalid base64_decode encoding invalidBase64Encoding')
    panicsBytes(program(9), 7, 'invalid base64_decode encoding Base64Encoding(9)')
    for (let v = 7; v <= MAX_VERSION; v++) {
      expect(runBytes(new Uint8Array([v, ...program(1)])).pass).toBe(true)
    }
  })
  it('inverts encoding, padded or not, in both alphabets', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.boolean(), (data, url) => {
        let text = Buffer.from(data).toString(url ? 'base64url' : 'base64')
        if (url && text.length % 4 !== 0) text += '='.repeat(4 - (text.length % 4))
        for (const t of [text, text.replace(/=+$/, '')]) {
          const encoding = url ? 'URLEncoding' : 'StdEncoding'
          const r = run(
            `byte 0x${hex(t)}; base64_decode ${encoding}; byte 0x${Buffer.from(data).toString('hex')}; ==`,
            7,
          )
          expect(r.pass).toBe(true)
        }
      }),
      { numRuns: 200 },
    )
  })
  it('never fails with anything but a reported error', () => {
    const text = fc
      .array(fc.constantFrom(...'AQ/+-_=\n\r x'.split('')), { maxLength: 24 })
      .map((a) => a.join(''))
    fc.assert(
      fc.property(text, fc.boolean(), (t, url) => {
        const r = run(
          `byte 0x${hex(t)}; base64_decode ${url ? 'URLEncoding' : 'StdEncoding'}; pop; int 1`,
          7,
        )
        if (r.error) expect(r.error.message).toMatch(/^illegal base64 data at input byte \d+$/)
      }),
      { numRuns: 1000 },
    )
  })
  it('needs v7', () => {
    testRejects('byte 0x; base64_decode StdEncoding; len', 7)
  })
})
