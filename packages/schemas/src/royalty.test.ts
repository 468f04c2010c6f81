import { describe, expect, it } from 'vitest'
import { SubmitAssetFields } from './assets.js'
import { Royalty, RoyaltyField, ROYALTY_MESSAGES, royaltyOf, ZERO_ADDRESS } from './royalty.js'

const A = 'MO2H6ZU47Q36GJ6GVHUKGEBEQINN7ZWVACMWZQGIYUOE3RBSRVYHV4ACJI'
const B = '7ZUECA7HFLZTXENRV24SHLU4AVPUTMTTDUFUBNBD64C73F3UHRTHAIOF6Q'

const field = (recipients: unknown) => RoyaltyField.safeParse(JSON.stringify({ recipients }))
const message = (r: ReturnType<typeof field>) => (r.success ? null : r.error.issues[0]?.message)

describe('the royalty field of submit_asset', () => {
  it('parses a split of up to 4 recipients and 1500 basis points', () => {
    const r = field([
      { address: A, share: 1000 },
      { address: B, share: 500 },
    ])
    expect(r.success && royaltyOf(r.data)).toEqual({
      basis_points: 1500,
      recipients: [
        { address: A, share: 1000 },
        { address: B, share: 500 },
      ],
    })
    expect(field([]).success).toBe(true)
  })

  it('refuses each bad split with its own message', () => {
    expect(message(field([{ address: 'nope', share: 5 }]))).toBe(ROYALTY_MESSAGES.badAddress(0))
    expect(message(field([{ address: ZERO_ADDRESS, share: 5 }]))).toBe(
      ROYALTY_MESSAGES.badAddress(0),
    )
    expect(
      message(
        field([
          { address: A, share: 1 },
          { address: B, share: 0 },
        ]),
      ),
    ).toBe(ROYALTY_MESSAGES.badShare(1))
    expect(message(field([{ address: A, share: 1.5 }]))).toBe(ROYALTY_MESSAGES.badShare(0))
    expect(message(field([{ address: A, share: '5' }]))).toBe(ROYALTY_MESSAGES.badShare(0))
    expect(
      message(
        field([
          { address: A, share: 1000 },
          { address: B, share: 501 },
        ]),
      ),
    ).toBe(ROYALTY_MESSAGES.tooMuch)
    expect(message(field(Array(5).fill({ address: A, share: 1 })))).toBe(
      ROYALTY_MESSAGES.tooManyRecipients,
    )
    expect(message(RoyaltyField.safeParse('{'))).toBe(ROYALTY_MESSAGES.notJson)
    expect(message(RoyaltyField.safeParse('[1]'))).toBe(ROYALTY_MESSAGES.notJson)
    expect(RoyaltyField.safeParse('x'.repeat(3000)).success).toBe(false)
  })

  it('is optional in submit_asset, and reported under its own name', () => {
    const base = { asset_id: '5', proof: 'p' }
    expect(SubmitAssetFields.safeParse(base).success).toBe(true)
    const bad = SubmitAssetFields.safeParse({ ...base, royalty: '{"recipients":7}' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.path).toEqual(['royalty'])
  })

  it("bounds the answer's royalty", () => {
    expect(Royalty.safeParse({ basis_points: 1501, recipients: [] }).success).toBe(false)
    expect(Royalty.safeParse({ basis_points: 0, recipients: [] }).success).toBe(true)
  })
})
