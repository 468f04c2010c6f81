/**
 * TEAL through algosdk's Algodv2: compile (bytecode, program hash, source map) and disassemble,
 * with go-algorand's error texts (TealCompile reports OpStream.ReportMultipleErrors).
 */
import algosdk from 'algosdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { expectError, sdkError, startAlgod, type AlgodFixture } from './fixture.js'

let f: AlgodFixture

beforeAll(async () => {
  f = await startAlgod()
})

afterAll(async () => {
  await f.close()
})

const SOURCE = '#pragma version 10\nint 1\nint 2\n+\nint 3\n==\n'

describe('compile', () => {
  it('assembles TEAL and names its logic-sig address', async () => {
    const compiled = await f.algod.compile(SOURCE).do()
    const program = new Uint8Array(Buffer.from(compiled.result, 'base64'))
    expect(program[0]).toBe(10)
    expect(compiled.hash).toBe(new algosdk.LogicSigAccount(program).address().toString())
    expect(compiled.sourcemap).toBeUndefined()
  })

  it('adds a version 3 source map when asked', async () => {
    const compiled = await f.algod.compile(SOURCE).sourcemap(true).do()
    const map = compiled.sourcemap?.data as Map<string, unknown> | undefined
    expect(map?.get('version')).toBe(3n)
    expect(map?.get('sources')).toEqual(['<body>'])
    expect(typeof map?.get('mappings')).toBe('string')
    // One `;`-separated segment per program byte.
    const program = Buffer.from(compiled.result, 'base64')
    expect((map?.get('mappings') as string).split(';')).toHaveLength(program.length)
  })

  it('reports assembly errors as go-algorand does', async () => {
    const one = await sdkError(f.algod.compile('#pragma version 10\nint 1\nfrobnicate\n').do())
    expect(one).toEqual({ status: 400, message: '1 error: 3: unknown opcode: frobnicate\n' })
    const two = await sdkError(f.algod.compile('#pragma version 10\nfoo\nbar\n').do())
    expect(two.status).toBe(400)
    expect(two.message.split('\n').filter(Boolean)).toEqual([
      '2: unknown opcode: foo',
      '3: unknown opcode: bar',
    ])
  })

  it('refuses a malformed sourcemap flag and oversized sources', async () => {
    const flag = await f.raw('/v2/teal/compile?sourcemap=perhaps', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: SOURCE,
    })
    expectError(flag, 400, /parameter sourcemap/)
    const huge = await f.raw('/v2/teal/compile', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: `#pragma version 10\n${'int 1\npop\n'.repeat(60_000)}int 1\n`,
    })
    expect(huge.status).toBe(413)
  })
})

describe('disassemble', () => {
  it('turns bytecode back into TEAL that assembles to the same bytes', async () => {
    const compiled = await f.algod.compile(SOURCE).do()
    const program = new Uint8Array(Buffer.from(compiled.result, 'base64'))
    const { result } = await f.algod.disassemble(program).do()
    expect(result).toMatch(/^#pragma version 10\n/)
    const again = await f.algod.compile(result).do()
    expect(again.result).toBe(compiled.result)
  })

  it('refuses bytes that are not a program', async () => {
    const error = await sdkError(f.algod.disassemble(Uint8Array.of(10, 0xff, 0xff)).do())
    expect(error.status).toBe(400)
    expect(error.message.length).toBeGreaterThan(0)
  })
})
