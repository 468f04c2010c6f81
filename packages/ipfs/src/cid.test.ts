import { describe, expect, it } from 'vitest'
import { integrityOf, ipfsUrl, parseCid } from './cid.js'

const HELLO = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e'

describe('parseCid', () => {
  it('accepts CIDv1 raw and dag-pb, and CIDv0', () => {
    expect(parseCid(HELLO)?.toString()).toBe(HELLO)
    expect(parseCid('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o')?.version).toBe(0)
  })

  it('refuses text that is no CID, and CIDs no file of ours can have', () => {
    for (const text of ['', 'hello', `${HELLO}x`, 'b'.repeat(200), '../../etc/passwd']) {
      expect(parseCid(text), text).toBeUndefined()
    }
    // dag-cbor (0x71) and an identity multihash: valid CIDs, never UnixFS files we store.
    expect(parseCid('bafyreidykglsfhoixmivffc5uwhcgshx4j465xwqntbmu43nb2dzqwfvae')).toBeUndefined()
    expect(parseCid('bafkqaaa')).toBeUndefined()
  })
})

describe('ipfsUrl and integrityOf', () => {
  it('name content as ARC-3 and ARC-69 expect', () => {
    expect(ipfsUrl(parseCid('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o')!)).toMatch(
      /^ipfs:\/\/bafybei[a-z2-7]+$/,
    )
    // SHA-256 of "hello world", base64.
    expect(integrityOf(new TextEncoder().encode('hello world'))).toBe(
      'sha256-uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek=',
    )
  })
})
