import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { arc3Json, arc3Metadata, type Arc3Description } from './arc3.js'
import { arc69Note } from './nft.js'

/**
 * A file whose CID and hash anyone can check: the 12 bytes "hello world\n", whose CIDv1 is the
 * example block of the gateway guide in the go-ipfs repository (see
 * packages/ipfs/test/vectors/kubo-cids.json) and whose SHA-256 in base64 is `sha256sum`'s
 * a948904f…a447.
 */
const HELLO = {
  url: 'ipfs://bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4',
  integrity: 'sha256-qUiQTy8PR5uPgZdpSzAYSw0u0cHNKh7A+4XSmaGSpEc=',
}

const piece: Arc3Description = {
  name: 'Blue hour',
  description: 'Over the harbour',
  image: { ...HELLO, mimeType: 'image/png' },
  externalUrl: 'https://unica.test/nft/0123456789abcdef0123456789abcdef',
}

/**
 * ARC-3's JSON schema, for the fields we set: each one's JSON type, and the forms ARC-3 gives
 * (integrity "sha256-" + base64, media types, decimals a whole number). Every field of ARC-3 is
 * optional; a field present must have its type.
 */
const ARC3_FIELDS: Record<string, (v: unknown) => boolean> = {
  name: (v) => typeof v === 'string',
  decimals: (v) => Number.isInteger(v),
  description: (v) => typeof v === 'string',
  image: (v) => typeof v === 'string' && /^ipfs:\/\//.test(v),
  image_integrity: (v) => typeof v === 'string' && /^sha256-[A-Za-z0-9+/]+={0,2}$/.test(v),
  image_mimetype: (v) => typeof v === 'string' && /^image\//.test(v),
  animation_url: (v) => typeof v === 'string' && /^ipfs:\/\//.test(v),
  animation_url_integrity: (v) => typeof v === 'string' && /^sha256-/.test(v),
  animation_url_mimetype: (v) => typeof v === 'string' && /^(video|audio|image)\//.test(v),
  external_url: (v) => typeof v === 'string' && URL.canParse(v),
  properties: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
}

function expectArc3(doc: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(doc)) {
    const check = ARC3_FIELDS[key]
    expect(check, `${key} is not an ARC-3 field we set`).toBeDefined()
    expect(check(value), `${key}: ${JSON.stringify(value)}`).toBe(true)
  }
}

describe('ARC-3 metadata', () => {
  it('points at the art by CID, with its integrity and media type', () => {
    const doc = JSON.parse(new TextDecoder().decode(arc3Json(piece))) as Record<string, unknown>
    expect(doc).toEqual({
      name: 'Blue hour',
      decimals: 0,
      description: 'Over the harbour',
      image: HELLO.url,
      image_integrity: HELLO.integrity,
      image_mimetype: 'image/png',
      external_url: 'https://unica.test/nft/0123456789abcdef0123456789abcdef',
    })
    expectArc3(doc)
  })

  it('names moving art as animation_url with the image as its poster, and the royalty', () => {
    const creator = algosdk.generateAccount().addr.toString()
    const doc = arc3Metadata({
      ...piece,
      animation: { ...HELLO, mimeType: 'video/webm' },
      royalty: { recipients: [{ address: creator, share: 500n }] },
    })
    expect(doc).toMatchObject({
      animation_url: HELLO.url,
      animation_url_mimetype: 'video/webm',
      properties: { royalty_bps: 500, royalty_recipients: [`${creator}:500`] },
    })
    expectArc3(doc as unknown as Record<string, unknown>)
  })

  it('refuses pointers that are not content addressed or not verifiable', () => {
    const bad: [string, Partial<Arc3Description['image']>][] = [
      ['https URL', { url: 'https://unica.test/media/x.png' }],
      ['no integrity', { integrity: '' }],
      ['md5 integrity', { integrity: 'md5-XrY7u+Ae7tCTyyK7j1rNww==' }],
      ['video as the image', { mimeType: 'video/mp4' }],
    ]
    for (const [what, change] of bad) {
      expect(() => arc3Metadata({ ...piece, image: { ...piece.image, ...change } }), what).toThrow(
        RangeError,
      )
    }
  })
})

describe('the ARC-69 note with content addressed media', () => {
  it('has the standard, an ipfs:// media_url and its mime_type, within the note limit', () => {
    const note = arc69Note({
      unitName: 'UNI',
      assetName: 'Blue hour',
      url: 'https://unica.test/nft/0123456789abcdef0123456789abcdef',
      guid: '0123456789abcdef0123456789abcdef',
      description: 'Over the harbour',
      mediaUrl: HELLO.url,
      mimeType: 'image/png',
    })
    const doc = JSON.parse(new TextDecoder().decode(note)) as Record<string, unknown>
    // ARC-69: `standard` is required and is "arc69"; media_url and mime_type describe the media.
    expect(doc).toEqual({
      standard: 'arc69',
      description: 'Over the harbour',
      media_url: HELLO.url,
      mime_type: 'image/png',
    })
  })
})
