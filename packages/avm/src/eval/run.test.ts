/**
 * The step loop and static check: what every program is held to whatever its opcodes.
 * Rules from go-algorand data/transactions/logic/eval.go (check, begin, step, eval).
 */
import { describe, expect, it } from 'vitest'
import { run, runBytes, testPanics } from '../../test/helpers.js'
import { EvalParams } from './context.js'
import { evalApp } from './run.js'
import { makeTxn } from '../txn.js'
import { FakeLedger } from '../../test/fake-ledger.js'

describe('program header', () => {
  it('rejects an empty program and versions beyond the newest', () => {
    expect(runBytes(new Uint8Array(0)).error?.message).toBe('invalid program (empty)')
    expect(runBytes(Uint8Array.from([13, 0x81, 1])).error?.message).toBe(
      'program version 13 greater than max supported version 12',
    )
  })
  it('treats a byte that is no opcode in this version as illegal, even if never reached', () => {
    // v1: int 1 via intcblock, then return-less end; 0xff is no opcode; 0x8a (proto) is v8.
    const r = runBytes(Uint8Array.from([1, 0x20, 1, 1, 0x22, 0xff]))
    expect(r.error?.message).toBe('pc=  5 illegal opcode 0xff')
    expect(runBytes(Uint8Array.from([7, 0x81, 1, 0x8a, 0, 0])).error?.message).toContain(
      'illegal opcode 0x8a',
    )
  })
})

describe('final stack', () => {
  it('passes only with a single non-zero uint64', () => {
    expect(run('int 1', 1).pass).toBe(true)
    const zero = run('int 0', 1)
    expect(zero.pass).toBe(false)
    expect(zero.error).toBeUndefined()
    expect(run('int 1\nint 1', 1).error?.message).toBe('stack len is 2 instead of 1')
    expect(run('byte 0x01', 1).error?.message).toBe('stack finished with bytes not int')
  })
})

describe('argument checks', () => {
  it('reports underflow and wrong kinds with the opcode name', () => {
    testPanics('#pragma typetrack false\nint 1\n+', 1, 'stack underflow in +')
    testPanics(
      '#pragma typetrack false\nint 1\nbyte 0x01\n+',
      1,
      '+ arg 1 wanted uint64 but got []byte',
    )
  })
})

describe('modes', () => {
  it('refuses app-only opcodes in a logic signature before running anything', () => {
    const r = run('int 1\nreturn\nbyte "k"\napp_global_get', 2)
    expect(r.error?.message).toMatch(/app_global_get not allowed in current mode/)
  })
})

describe('budgets', () => {
  it('before v4, the static cost of every instruction must fit the budget', () => {
    const costly = 'int 1\nreturn\n' + 'byte 0x01\nkeccak256\npop\n'.repeat(160)
    expect(run(costly, 3).error?.message).toMatch(/static cost budget of 20000 exceeded/)
  })
  it('from v4, the dynamic cost is charged as ops run and a runaway loop stops', () => {
    const r = run('loop:\nb loop', 4)
    expect(r.error?.message).toMatch(/dynamic cost budget exceeded, executing b/)
    expect(r.cost).toBe(20_000)
  })
  it('an app call gets 700, pooled over the group', () => {
    const loop = 'int 0\nloop:\nint 1\n+\ndup\nint 200\n<\nbnz loop'
    expect(run(loop, 4, { mode: 'app' }).error?.message).toMatch(/dynamic cost budget exceeded/)
    const two = run(loop, 4, { mode: 'app', group: [{ type: 'appl' }, {}] })
    expect(two.error?.message).toMatch(/dynamic cost budget exceeded/)
    const pooled = run(loop, 4, {
      mode: 'app',
      group: [{ type: 'appl' }, { type: 'appl' }],
    })
    expect(pooled.error).toBeUndefined()
    expect(pooled.cost).toBeGreaterThan(700)
  })
  it('counts every opcode of a straight program', () => {
    // intcblock (emitted by the assembler), intc_0, intc_1, +, pop, intc_0
    expect(run('int 1\nint 2\n+\npop\nint 1', 2).cost).toBe(6)
  })
  it('the pool pays for every op run, on a pass and on a failure, and an op reading it sees it', () => {
    const ledger = new FakeLedger()
    const txn = makeTxn({ type: 'appl', sender: new Uint8Array(32), applicationId: 5n })
    const call = (program: Uint8Array) => {
      const ep = new EvalParams({ group: [{ txn, txid: new Uint8Array(32) }], ledger })
      return { r: evalApp(program, ep, 0, 5n), left: ep.pools.app }
    }
    // v6: pushint 1, pushint 2, +, pop, global OpcodeBudget (0x32 0x0c): 700 - 4 ops - itself.
    const reads = call(Uint8Array.from([6, 0x81, 1, 0x81, 2, 0x08, 0x48, 0x32, 0x0c]))
    expect(reads.r.stack).toEqual([695n])
    expect(reads.left).toBe(695)
    // v6: pushint 1, pushint 2, +, err: four ops charged before the failure.
    const fails = call(Uint8Array.from([6, 0x81, 1, 0x81, 2, 0x08, 0x00]))
    expect(fails.r.error?.message).toBe('err opcode executed')
    expect(fails.r.cost).toBe(4)
    expect(fails.left).toBe(696)
  })
  it('a clear-state program never runs on less than a full call budget', () => {
    const ledger = new FakeLedger()
    const txn = makeTxn({
      type: 'appl',
      sender: new Uint8Array(32),
      applicationId: 5n,
      onCompletion: 3n,
    })
    const ep = new EvalParams({ group: [{ txn, txid: new Uint8Array(32) }], ledger })
    ep.pools.app = 699
    const r = evalApp(Uint8Array.from([4, 0x81, 1]), ep, 0, 5n)
    expect(r.error?.message).toBe('attempted ClearState execution with low OpcodeBudget 699')
  })
})

describe('branch targets', () => {
  it('rejects backward branches before v4', () => {
    // v3: pushint 1 (0x81 01), b -5 (0x42 ff fb) back to pc 1.
    const r = runBytes(Uint8Array.from([3, 0x81, 1, 0x42, 0xff, 0xfb]))
    expect(r.error?.message).toMatch(/negative branch offset/)
  })
  it('rejects a branch into the middle of an instruction', () => {
    // v4: b +1 lands inside the following pushint.
    const r = runBytes(Uint8Array.from([4, 0x42, 0, 1, 0x81, 1]))
    expect(r.error?.message).toMatch(/branch target 5 is not an aligned instruction/)
  })
  it('rejects a branch beyond the end', () => {
    const r = runBytes(Uint8Array.from([4, 0x42, 0, 9, 0x81, 1]))
    expect(r.error?.message).toMatch(/branch target 13 outside of program/)
  })
})

describe('the ops the step loop runs itself (FUSED) keep every check', () => {
  // v8 programs as bytes, so that neither the assembler's type tracking nor its constant blocks
  // stand between the test and the loop.
  const v8 = (...ops: number[]) => runBytes(Uint8Array.from([8, ...ops]))
  const PUSH1 = [0x81, 1]
  const PUSHB = [0x80, 1, 0xaa]
  const binary = { 0x08: '+', 0x09: '-', 0x0c: '<', 0x0d: '>' }

  it('stack underflow, by name', () => {
    for (const [op, name] of Object.entries(binary)) {
      expect(v8(Number(op)).error?.message).toBe(`stack underflow in ${name}`)
      expect(v8(...PUSH1, Number(op)).error?.message).toBe(`stack underflow in ${name}`)
    }
    expect(v8(0x35, 0).error?.message).toBe('stack underflow in store')
    expect(v8(0x40, 0, 0).error?.message).toBe('stack underflow in bnz')
    expect(v8(0x41, 0, 0).error?.message).toBe('stack underflow in bz')
    expect(v8(0x48).error?.message).toBe('stack underflow in pop')
    expect(v8(0x49).error?.message).toBe('stack underflow in dup')
  })

  it('argument kinds, by position', () => {
    for (const [op, name] of Object.entries(binary)) {
      const below = v8(...PUSHB, ...PUSH1, Number(op)).error?.message
      expect(below).toBe(`${name} arg 0 wanted uint64 but got []byte`)
      const top = v8(...PUSH1, ...PUSHB, Number(op)).error?.message
      expect(top).toBe(`${name} arg 1 wanted uint64 but got []byte`)
    }
    expect(v8(...PUSHB, 0x40, 0, 0).error?.message).toBe('bnz arg 0 wanted uint64 but got []byte')
    expect(v8(...PUSHB, 0x41, 0, 0).error?.message).toBe('bz arg 0 wanted uint64 but got []byte')
  })

  it('arithmetic panics and constants beyond the block', () => {
    expect(v8(...PUSH1, 0x81, 2, 0x09).error?.message).toBe('- would result negative')
    const max = [0x81, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]
    expect(v8(...max, ...PUSH1, 0x08).error?.message).toBe('+ overflowed')
    expect(v8(0x22).error?.message).toContain('intc')
    expect(v8(0x28).error?.message).toContain('bytec')
  })

  it('the budget: the op that would exceed it fails and is not charged', () => {
    // An app call has 700: pushint 1, pushint 1 and 349 dup/pop pairs spend it exactly.
    const spend = [...PUSH1, ...PUSH1, ...Array<number[]>(349).fill([0x49, 0x48]).flat()]
    const cases: [string, number[]][] = [
      ['+', [0x08]],
      ['<', [0x0c]],
      ['dup', [0x49]],
      ['pop', [0x48]],
      ['load', [0x34, 0]],
      ['store', [0x35, 0]],
      ['bnz', [0x40, 0, 0]],
      ['b', [0x42, 0, 0]],
      ['pushint', PUSH1],
    ]
    for (const [name, op] of cases) {
      const r = runBytes(Uint8Array.from([8, ...spend, ...op]), { mode: 'app' })
      expect(r.error?.message, name).toBe(
        `dynamic cost budget exceeded, executing ${name}: local program cost was 700`,
      )
      expect(r.cost, name).toBe(700)
    }
  })

  it('stack overflow past 1000 values, from dup and load', () => {
    const full = v8(...PUSH1, ...Array<number>(999).fill(0x49))
    expect(full.error?.message).toBe('stack len is 1000 instead of 1')
    const dups = v8(...PUSH1, ...Array<number>(1000).fill(0x49))
    expect(dups.error?.message).toBe('stack overflow')
    const loads = v8(...Array<number[]>(1001).fill([0x34, 0]).flat())
    expect(loads.error?.message).toBe('stack overflow')
  })
})
