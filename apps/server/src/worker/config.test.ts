import { describe, expect, it } from 'vitest'
import { loadWorkerConfig } from './config.js'

describe('loadWorkerConfig', () => {
  it('reads FOLLOWER_START_ROUND as a round number', () => {
    expect(loadWorkerConfig({}).followerStartRound).toBeUndefined()
    expect(loadWorkerConfig({ FOLLOWER_START_ROUND: ' 42 ' }).followerStartRound).toBe(42n)
    expect(loadWorkerConfig({ FOLLOWER_START_ROUND: '0' }).followerStartRound).toBe(0n)
  })

  it('refuses anything else', () => {
    for (const bad of ['-1', '1.5', 'abc', '0x10', '01', '99999999999999999999']) {
      expect(() => loadWorkerConfig({ FOLLOWER_START_ROUND: bad })).toThrow(/FOLLOWER_START_ROUND/)
    }
  })
})

describe('OPERATOR_MNEMONIC', () => {
  it('is read as given, unset when empty', () => {
    expect(loadWorkerConfig({}).operatorMnemonic).toBeUndefined()
    expect(loadWorkerConfig({ OPERATOR_MNEMONIC: '  ' }).operatorMnemonic).toBeUndefined()
    expect(loadWorkerConfig({ OPERATOR_MNEMONIC: ' a b ' }).operatorMnemonic).toBe('a b')
  })
})
