import { describe, expect, it } from 'vitest'
import { AssetListQuery, assetFieldProblems } from './assets.js'
import { IdInput, Uint64Input, Uint64String } from './common.js'

describe('uint64 on the wire', () => {
  it('takes decimal strings up to 2^64 - 1, and nothing else', () => {
    expect(Uint64String.parse('18446744073709551615')).toBe('18446744073709551615')
    for (const bad of ['18446744073709551616', '-1', '01', '1.5', ' 1', '', '1e3', '0x10']) {
      expect(Uint64String.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('takes safe-integer JSON numbers as inputs, as decimal strings', () => {
    expect(Uint64Input.parse(42)).toBe('42')
    expect(Uint64Input.safeParse(2 ** 53).success).toBe(false)
    expect(Uint64Input.safeParse(1.5).success).toBe(false)
    expect(IdInput.safeParse(0).success).toBe(false)
  })
})

describe('AssetListQuery', () => {
  it('parses comma-separated id lists and page bounds', () => {
    expect(AssetListQuery.parse({ asset_id__in: '1,2,,3', limit: '7' })).toEqual({
      asset_id__in: ['1', '2', '3'],
      limit: 7,
    })
    expect(AssetListQuery.safeParse({ asset_id__in: '1,x' }).success).toBe(false)
    expect(AssetListQuery.safeParse({ limit: '101' }).success).toBe(false)
  })
})

describe('assetFieldProblems', () => {
  it('counts UTF-8 bytes, and JSON escapes for the description', () => {
    expect(assetFieldProblems({ unit_name: 'ÄÄÄÄ', name: 'n', description: 'd' })).toEqual({})
    expect(assetFieldProblems({ unit_name: 'ÄÄÄÄÄ' })).toEqual({
      unit_name: ['Ensure this field has no more than 8 bytes.'],
    })
    expect(assetFieldProblems({ description: '"'.repeat(400) })).toEqual({})
    expect(assetFieldProblems({ description: '"'.repeat(401) })).toEqual({
      description: ['Ensure this field has no more than 800 bytes.'],
    })
    expect(assetFieldProblems({ name: '   ' })).toEqual({ name: ['This field is required.'] })
  })
})
