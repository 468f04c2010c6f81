import { describe, expect, it } from 'vitest'
import { run } from '../../../test/helpers.js'
import type { BoxRef } from '../../txn.js'
import { accepts, APP, appLedger, panics, runAt, utf8 } from '../../../test/app-kit.js'

const ref = (name: string, index = 0): BoxRef => ({ index, name: utf8(name) })
/** The called app's box refs, by name. */
const refs =
  (...names: string[]) =>
  () => ({ txn: { boxes: names.map((n) => ref(n)) } })
const withBox = (name: string, content: Uint8Array, ...more: string[]) => {
  return (l: ReturnType<typeof appLedger>) => {
    l.putBox(APP, utf8(name), content)
    return { txn: { boxes: [name, ...more].map((n) => ref(n)) } }
  }
}
const TEN = utf8('0123456789')

describe('box_create, box_len, box_get, box_put, box_del', () => {
  it('create a zeroed box once, then see it', () => {
    accepts('byte "b"; int 10; box_create; byte "b"; int 10; box_create; !; &&', 8, refs('b'))
    accepts(
      'byte "b"; int 10; box_create; pop; byte "b"; box_len; assert; int 10; ==',
      8,
      refs('b'),
    )
    accepts(
      'byte "b"; int 3; box_create; pop; byte "b"; box_get; assert; byte 0x000000; ==',
      8,
      refs('b'),
    )
    accepts('byte "b"; box_len; !; assert; !', 8, refs('b'))
    accepts('byte "b"; box_get; !; assert; len; !', 8, refs('b'))
  })
  it('box_create of an existing box must give its size', () => {
    accepts('byte "b"; int 10; box_create; !', 8, withBox('b', TEN))
    panics('byte "b"; int 11; box_create', 8, 'box size mismatch 10 11', withBox('b', TEN))
  })
  it('box_put creates or overwrites a box of the same size', () => {
    for (const v of [8, 12]) {
      const { r, ledger } = runAt('byte "b"; byte "abc"; box_put; int 1', v, refs('b'))
      expect(r.pass).toBe(true)
      expect(ledger.getBox(APP, utf8('b'))).toEqual(utf8('abc'))
    }
    accepts(
      'byte "b"; byte "9876543210"; box_put; byte "b"; box_get; assert; byte "9876543210"; ==',
      8,
      withBox('b', TEN),
    )
    panics(
      'byte "b"; byte "abc"; box_put; int 1',
      8,
      'attempt to box_put wrong size 10 != 3',
      withBox('b', TEN),
    )
  })
  it('box_del reports whether the box existed', () => {
    for (const v of [8, 12]) {
      const { r, ledger } = runAt(
        'byte "b"; box_del; byte "b"; box_del; !; &&',
        v,
        withBox('b', TEN),
      )
      expect(r.pass).toBe(true)
      expect(ledger.getBox(APP, utf8('b'))).toBeUndefined()
    }
  })
  it('a box too big for the stack cannot be read whole', () => {
    const big = (l: ReturnType<typeof appLedger>) => {
      l.putBox(APP, utf8('b'), new Uint8Array(5000))
      return { txn: { boxes: [ref('b'), ref('b'), ref('b')] } }
    }
    panics('byte "b"; box_get', 8, 'box_get produced a too big (5000) byte-array', big)
    accepts('byte "b"; box_len; assert; int 5000; ==', 8, big)
  })
})

describe('box names and sizes', () => {
  it('names are 1 to 64 bytes', () => {
    panics('int 0; bzero; box_len', 8, 'box names may not be zero length', refs('b'))
    const long = `byte 0x${'61'.repeat(64)}; byte 0x61; concat`
    panics(`${long}; box_len`, 8, 'name too long: length was 65, maximum is 64', refs('b'))
  })
  it('boxes hold at most 32768 bytes', () => {
    panics(
      'byte "b"; int 32769; box_create',
      8,
      'box size too large: 32769, maximum is 32768',
      refs('b'),
    )
    panics(
      'byte "b"; int 32760; int 9; box_extract',
      8,
      'box size too large: 32769, maximum is 32768',
      refs('b'),
    )
    const many = () => ({ txn: { boxes: Array.from({ length: 16 }, () => ref('b')) } })
    accepts('byte "b"; int 32768; box_create', 8, many)
  })
})

describe('box_extract and box_replace', () => {
  it('read and write inside the box', () => {
    accepts('byte "b"; int 2; int 3; box_extract; byte "234"; ==', 8, withBox('b', TEN))
    accepts('byte "b"; int 10; int 0; box_extract; len; !', 8, withBox('b', TEN))
    accepts(
      'byte "b"; int 8; byte "xy"; box_replace; byte "b"; box_get; assert; byte "01234567xy"; ==',
      8,
      withBox('b', TEN),
    )
  })
  it('fail outside it, or on a missing box', () => {
    panics(
      'byte "b"; int 11; int 0; box_extract',
      8,
      'extraction start 11 is beyond length: 10',
      withBox('b', TEN),
    )
    panics(
      'byte "b"; int 9; int 3; box_extract',
      8,
      'extraction end 12 is beyond length: 10',
      withBox('b', TEN),
    )
    panics(
      'byte "b"; int 11; byte "x"; box_replace',
      8,
      'replacement start 11 beyond length: 10',
      withBox('b', TEN),
    )
    panics(
      'byte "b"; int 9; byte "xy"; box_replace',
      8,
      'replacement end 11 beyond original length: 10',
      withBox('b', TEN),
    )
    panics('byte "b"; int 0; int 1; box_extract', 8, 'no such box 0x62', refs('b'))
    panics('byte "b"; int 0; byte "x"; box_replace', 8, 'no such box 0x62', refs('b'))
  })
})

describe('box_splice and box_resize (v10)', () => {
  it('box_splice keeps the size, shifting in zeros or dropping bytes', () => {
    const check = (args: string, want: string) => {
      accepts(
        `byte "b"; ${args}; box_splice; byte "b"; box_get; assert; ${want}; ==`,
        10,
        withBox('b', TEN),
      )
    }
    check('int 2; int 3; byte "X"', 'byte 0x30315835363738390000')
    check('int 2; int 1; byte "XYZ"', 'byte "01XYZ34567"')
    check('int 10; int 0; byte ""', 'byte "0123456789"')
    panics(
      'byte "b"; int 11; int 0; byte ""; box_splice',
      10,
      'replacement start 11 beyond length: 10',
      withBox('b', TEN),
    )
    panics(
      'byte "b"; int 8; int 3; byte ""; box_splice',
      10,
      'splice end 11 beyond original length: 10',
      withBox('b', TEN),
    )
    panics(
      'byte "b"; int 8; int 2; byte "xyz"; box_splice',
      10,
      'splice inserted bytes too long',
      withBox('b', TEN),
    )
    panics('byte "b"; int 0; int 0; byte ""; box_splice', 10, 'no such box 0x62', refs('b'))
  })
  it('box_resize zero-fills or truncates', () => {
    accepts(
      'byte "b"; int 12; box_resize; byte "b"; box_get; assert; byte 0x303132333435363738390000; ==',
      10,
      withBox('b', TEN),
    )
    accepts(
      'byte "b"; int 2; box_resize; byte "b"; box_get; assert; byte "01"; ==',
      10,
      withBox('b', TEN),
    )
    panics('byte "b"; int 2; box_resize', 10, 'no such box 0x62', refs('b'))
    panics('byte "b"; int 32769; box_resize', 10, 'box size too large', withBox('b', TEN))
  })
})

describe('box references', () => {
  it('a box must be referenced by the group', () => {
    panics('byte "b"; box_len', 8, 'invalid Box reference 0x62')
    panics('byte "c"; box_len', 8, 'invalid Box reference 0x63', refs('b'))
    // Index 1 names txn.Applications[0]: here the called app itself, then another app.
    accepts('byte "b"; box_len; !; assert; !', 8, () => ({
      txn: { foreignApps: [APP], boxes: [ref('b', 1)] },
    }))
    panics('byte "b"; box_len', 8, 'invalid Box reference', () => ({
      txn: { foreignApps: [999n], boxes: [ref('b', 1)] },
    }))
  })
  it('references by other transactions of the group count, in every version', () => {
    accepts('byte "b"; box_len; !; assert; !', 8, () => ({
      group: [{}, { type: 'appl' as const, applicationId: APP, boxes: [ref('b')] }],
    }))
  })
  it('boxes may not be used by a clear-state program', () => {
    panics('byte "b"; box_len', 8, 'boxes may not be accessed from ClearState program', () => ({
      txn: { onCompletion: 3n, boxes: [ref('b')] },
    }))
  })
  it('an app being created can name its boxes with index 0, and use one unnamed box per empty ref', () => {
    const create = (boxes: BoxRef[]) => () => ({ appId: 1234n, txn: { applicationId: 0n, boxes } })
    accepts('byte "b"; int 4; box_create', 8, create([ref('b')]))
    accepts('byte "x"; int 4; box_create', 8, create([ref('')]))
    accepts(
      'byte "x"; int 4; box_create; byte "x"; box_len; assert; int 4; ==; &&',
      8,
      create([ref('')]),
    )
    panics(
      'byte "x"; int 4; box_create; byte "y"; int 4; box_create',
      8,
      'invalid Box reference 0x79',
      create([ref('')]),
    )
    // An existing app gets nothing from an empty ref.
    panics('byte "x"; box_len', 8, 'invalid Box reference 0x78', () => ({
      txn: { boxes: [ref('')] },
    }))
  })
})

describe('the I/O budget', () => {
  it('each box reference adds 2048 bytes to write', () => {
    panics(
      'byte "b"; int 2049; box_create',
      8,
      'write budget exceeded (2049 > 2048) while creating box 0x62',
      refs('b'),
    )
    accepts('byte "b"; int 2048; box_create', 8, refs('b'))
    accepts('byte "b"; int 4096; box_create', 8, refs('b', 'b'))
    // Empty references add budget too.
    accepts('byte "b"; int 4096; box_create', 8, () => ({ txn: { boxes: [ref('b'), ref('')] } }))
  })
  it('written boxes count once; deleting frees their bytes', () => {
    const two = refs('b', 'c')
    accepts(
      'byte "b"; int 2048; box_create; pop; byte "b"; int 0; byte "x"; box_replace; byte "c"; int 2048; box_create',
      8,
      two,
    )
    panics(
      'byte "b"; int 2049; box_create; pop; byte "c"; int 2048; box_create',
      8,
      'write budget exceeded (4097 > 4096) while creating box 0x63',
      two,
    )
    accepts(
      'byte "b"; int 2049; box_create; pop; byte "b"; box_del; pop; byte "c"; int 4096; box_create',
      8,
      two,
    )
    panics(
      'byte "b"; int 10; box_create; pop; byte "b"; int 4097; box_resize; int 1',
      10,
      'write budget exceeded (4097 > 4096) while resizing box 0x62',
      two,
    )
  })
  it('writing an existing box counts its size', () => {
    const big = (l: ReturnType<typeof appLedger>) => {
      l.putBox(APP, utf8('b'), new Uint8Array(2000))
      return { txn: { boxes: [ref('b')] } }
    }
    accepts('byte "b"; int 0; byte "x"; box_replace; int 1', 8, big)
    const huge = (l: ReturnType<typeof appLedger>) => {
      l.putBox(APP, utf8('b'), new Uint8Array(3000))
      return { txn: { boxes: [ref('b'), ref('c')] } }
    }
    accepts('byte "b"; int 0; byte "x"; box_replace; byte "c"; int 1096; box_create', 8, huge)
    panics(
      'byte "b"; int 0; byte "x"; box_replace; byte "c"; int 1097; box_create',
      8,
      'write budget exceeded (4097 > 4096) while creating box 0x63',
      huge,
    )
    // Reading does not count.
    accepts('byte "b"; box_len; pop; pop; byte "c"; int 4096; box_create', 8, (l) => {
      l.putBox(APP, utf8('b'), new Uint8Array(10))
      return { txn: { boxes: [ref('b'), ref('c')] } }
    })
  })
  it('boxes referenced by the group must fit the read budget', () => {
    const big = (n: number) => (l: ReturnType<typeof appLedger>) => {
      l.putBox(APP, utf8('b'), new Uint8Array(3000))
      return { txn: { boxes: Array.from({ length: n }, () => ref('b')) } }
    }
    panics('byte "b"; box_len', 8, 'read budget exceeded (3000 > 2048)', big(1))
    accepts('byte "b"; box_len; assert; int 3000; ==', 8, big(2))
  })
})

describe('mode', () => {
  it('box ops are app-mode only', () => {
    const r = run('byte "b"; box_len; pop', 8, { mode: 'sig' })
    expect(r.error?.message).toContain('box_len not allowed in current mode')
  })
})

describe('box deltas in the result', () => {
  it('records the last write of each box, and deletions as undefined', () => {
    const program =
      'byte "a"; byte 0x0102; box_put; byte "b"; int 2; box_create; pop; byte "b"; box_del'
    const { r } = runAt(`${program}; pop; int 1`, 8, refs('a', 'b'))
    expect(r.error).toBeUndefined()
    const hex = (s: string) => Buffer.from(s).toString('hex')
    expect(r.boxDelta.get(hex('a'))).toEqual({ key: utf8('a'), value: Uint8Array.from([1, 2]) })
    expect(r.boxDelta.get(hex('b'))?.value).toBeUndefined()
    expect(r.boxDelta.has(hex('b'))).toBe(true)
  })
})
