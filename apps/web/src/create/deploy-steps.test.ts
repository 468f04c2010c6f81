import { describe, expect, it } from 'vitest'
import { checklist, createdRecord } from './deploy-steps.js'

const done = (items: ReturnType<typeof checklist>) => items.map((i) => [i.label, i.done])

describe('the deploy checklist', () => {
  it('names the three steps in order, done as far as the status says', () => {
    expect(done(checklist('DA', {}))).toEqual([
      ['Asset created', true],
      ['Contract deployed', false],
      ['Setup finished', false],
    ])
    expect(done(checklist('DC', {})).map(([, d]) => d)).toEqual([true, true, false])
    expect(done(checklist('RD', {})).map(([, d]) => d)).toEqual([true, true, true])
  })

  it('marks a step this browser ran as done at once, with its transaction and fees', () => {
    const deploy = { txId: 'D'.repeat(52), fee: 3000n }
    const items = checklist('DA', { deploy })
    expect(items.map((i) => [i.step, i.done, i.record])).toEqual([
      ['create-asset', true, null],
      ['deploy', true, deploy],
      ['configure', false, null],
    ])
  })
})

describe('the creation handed over by the create screen', () => {
  it('reads a well-formed record and ignores anything else', () => {
    expect(createdRecord({ created: { txId: 'T', fee: '1000' } })).toEqual({
      txId: 'T',
      fee: 1000n,
    })
    for (const state of [null, undefined, 'x', {}, { created: { txId: 'T', fee: '-1' } }]) {
      expect(createdRecord(state)).toBeNull()
    }
    expect(createdRecord({ created: { txId: 7, fee: '1' } })).toBeNull()
  })
})
