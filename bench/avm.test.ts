/** Keeps the benchmark honest: its programs assemble and pass, with small loop counts. */
import { describe, expect, it } from 'vitest'
import { appCall, CALL_WORKLOADS, compile, evaluate, ledgerWithApp, WORKLOADS } from './avm.js'
import { peerAppCall } from './avm-peer.js'

describe('avm benchmark workloads', () => {
  for (const w of WORKLOADS(50, 10)) {
    it(`${w.name} runs to a pass and executes at least the opcodes it claims`, () => {
      const r = evaluate(compile(w.source), w.mode, ledgerWithApp())
      expect(r.pass).toBe(true)
      // Every opcode costs at least 1, so the cost bounds the opcodes run from above.
      expect(r.cost).toBeGreaterThanOrEqual(w.iterations * w.opsPerIteration)
      expect(w.baseline(w.iterations)).toBeDefined()
    })
  }
})

describe('avm benchmark application calls', () => {
  for (const w of CALL_WORKLOADS(1)) {
    it(`${w.name} passes in the AVM and in the peer`, () => {
      expect(appCall(compile(w.source), ledgerWithApp())().pass).toBe(true)
      // The peer throws when its program rejects or fails.
      expect(() => {
        peerAppCall(w.source)()
      }).not.toThrow()
    })
  }
})
