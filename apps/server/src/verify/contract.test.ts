import { describe, expect, it } from 'vitest'
import { MAX_PROXY_ID, managerProgram, proxyProgram } from '@unica/contracts'
import { isOurProxy } from './contract.js'

describe('isOurProxy', () => {
  it('recognises the proxy for any id, and nothing else', () => {
    for (const id of [0, 1, 127, 128, 16_383, 16_384, 123_456_789, MAX_PROXY_ID]) {
      expect(isOurProxy(proxyProgram(id).bytes), String(id)).toBe(true)
    }
    const tampered = new Uint8Array(proxyProgram(5).bytes)
    tampered[tampered.length - 1] ^= 1
    expect(isOurProxy(tampered)).toBe(false)
    expect(isOurProxy(managerProgram().bytes)).toBe(false)
    expect(isOurProxy(new Uint8Array())).toBe(false)
    expect(isOurProxy(proxyProgram(7).bytes.subarray(0, 12))).toBe(false)
  })
})
