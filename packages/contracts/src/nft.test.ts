import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { arc69Note, type NftDescription } from './nft.js'

const nft: NftDescription = {
  unitName: 'UNI',
  assetName: 'A piece',
  url: 'https://unica.test/nft/x',
  guid: '0123456789abcdef0123456789abcdef',
  description: 'A test piece',
  mediaUrl: 'https://unica.test/media/x.png',
  mimeType: 'image/png',
}

const read = (note: Uint8Array): Record<string, unknown> =>
  JSON.parse(new TextDecoder().decode(note)) as Record<string, unknown>

describe('the ARC-69 note', () => {
  it('has no properties without a royalty', () => {
    expect(read(arc69Note(nft)).properties).toBeUndefined()
  })

  it("carries the royalty's total and each recipient's share in its properties", () => {
    const [a, b] = [
      algosdk.generateAccount().addr.toString(),
      algosdk.generateAccount().addr.toString(),
    ]
    const note = read(
      arc69Note({
        ...nft,
        royalty: {
          recipients: [
            { address: a, share: 700n },
            { address: b, share: 300n },
          ],
        },
      }),
    )
    expect(note).toMatchObject({
      standard: 'arc69',
      properties: { royalty_bps: 1000, royalty_recipients: [`${a}:700`, `${b}:300`] },
    })
  })
})
