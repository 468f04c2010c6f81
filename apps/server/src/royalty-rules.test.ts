/**
 * The royalty limits and words have one home, @unica/rules; two checks read them: @unica/schemas
 * `royaltySplitProblem` (the form field, on plain JSON) and @unica/contracts `royaltyProblem` (what
 * the chain takes, on bigints). They must agree, message for message and for every version, on
 * every split of checksum-valid addresses (the schema cannot check checksums; the server also runs
 * royaltyProblem).
 */
import algosdk from 'algosdk'
import fc from 'fast-check'
import { CONTRACT_VERSIONS, royaltyProblem } from '@unica/contracts'
import { royaltySplitProblem, ZERO_ADDRESS } from '@unica/schemas'
import { describe, expect, it } from 'vitest'

const address = fc.oneof(
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((key) => algosdk.encodeAddress(key)),
  fc.constant(ZERO_ADDRESS),
)
const split = fc.array(fc.record({ address, share: fc.integer({ min: -5, max: 1600 }) }), {
  maxLength: 6,
})

describe('royalty rules', () => {
  it('the zero address is the one algosdk names', () => {
    expect(ZERO_ADDRESS).toBe(algosdk.ALGORAND_ZERO_ADDRESS_STRING)
  })

  it('schemas and contracts refuse the same splits with the same message', () => {
    fc.assert(
      fc.property(split, fc.constantFrom(...CONTRACT_VERSIONS), (recipients, version) => {
        const chain = royaltyProblem(
          { recipients: recipients.map((r) => ({ address: r.address, share: BigInt(r.share) })) },
          version,
        )
        expect(royaltySplitProblem({ recipients }, version)).toBe(chain)
      }),
      { numRuns: 150 },
    )
  })
})
