/**
 * The opcode and field tables against go-algorand's published language specs (langspec_v1..12,
 * reduced to facts in test/vectors/langspec/langspec-facts.json, source cited there). A drift in
 * a byte, name, size, cost, prototype, mode, immediate or field shows up here.
 */
import { describe, expect, it } from 'vitest'
import facts from '../../test/vectors/langspec/langspec-facts.json' with { type: 'json' }
import { FIELD_GROUPS, type TxnFieldSpec } from './fields.js'
import { opTable, type LinearCost, type OpCost, type OpSpec } from './opcodes.js'
import { MAX_VERSION } from './versions.js'

interface FactOp {
  opcode: number
  name: string
  size: number
  cost: string
  args: string[]
  returns: string[]
  modes: number
  imms: string[]
  fields?: [string, number, number, string][]
}

const VERSIONS = facts.versions as unknown as Record<string, FactOp[]>

function linearDoc(lc: LinearCost): string {
  const per = lc.chunk === 1 ? 'per byte' : `per ${lc.chunk} bytes`
  return `${lc.base} + ${lc.per} ${per} of ${lc.arg}`
}

/** Our cost rendered the way go-algorand documents it. */
function costDoc(cost: OpCost): string {
  if (typeof cost === 'number') return String(cost)
  if ('byLength' in cost) return linearDoc(cost.byLength)
  return Object.entries(cost.byField)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? v : linearDoc(v!)}`)
    .join('; ')
}

const IMM_DOC: Record<string, string> = {
  uint8: 'uint8',
  int8: 'int8',
  label: 'int16 (big-endian)',
  varuint: 'varuint',
  bytes: 'varuint length, bytes',
  varuints: 'varuint count, [varuint ...]',
  bytess: 'varuint count, [varuint length, bytes ...]',
  labels: 'varuint count, [int16 (big-endian) ...]',
}

const MODE_DOC = { sig: 1, app: 2, any: 3 }

const ENUMERATIONS = new Set(['ecdsa', 'base64', 'vrf', 'ecGroup', 'mimc'])

function describeOp(spec: OpSpec): FactOp {
  return {
    opcode: spec.opcode,
    name: spec.name,
    size: spec.size,
    cost: costDoc(spec.cost),
    args: spec.args.map((t) => t.name),
    returns: spec.returns.map((t) => t.name),
    modes: MODE_DOC[spec.modes],
    imms: spec.imms.map((i) => IMM_DOC[i.kind]),
  }
}

describe('opcode table', () => {
  for (let v = 1; v <= MAX_VERSION; v++) {
    it(`matches go-algorand's langspec v${v}`, () => {
      const ours = opTable(v)
      const theirs = VERSIONS[String(v)]
      expect([...ours.byName.keys()].sort()).toEqual(theirs.map((o) => o.name).sort())
      for (const fact of theirs) {
        const spec = ours.byName.get(fact.name)!
        const { fields: _fields, ...expected } = fact
        expect(describeOp(spec), fact.name).toEqual({
          ...expected,
          imms: fact.imms.map((i) => i.split('|')[0]),
        })
        expect(ours.byOpcode[fact.opcode], fact.name).toBe(spec)
      }
    })
  }
})

describe('field tables', () => {
  const theirs = VERSIONS[String(MAX_VERSION)]
  for (const fact of theirs.filter((o) => o.fields)) {
    const spec = opTable(MAX_VERSION).byName.get(fact.name)!
    const group = spec.imms.find((i) => i.group)?.group
    it(`${fact.name} fields match (${group ?? 'none'})`, () => {
      expect(group).toBeDefined()
      const table = FIELD_GROUPS[group!]
      for (const [name, value, version, type] of fact.fields!) {
        const field = table.byName.get(name)
        expect(field, `${fact.name} ${name}`).toBeDefined()
        expect(field!.value, name).toBe(value)
        // For itxn_field, the documented version is the one from which the field is settable.
        const ours = group === 'itxnField' ? (field as TxnFieldSpec).innerVersion : field!.version
        expect(ours, name).toBe(Math.max(version, 1))
        // Enumerations (curves, encodings, groups) select behaviour and push nothing typed.
        if (!ENUMERATIONS.has(group!)) expect(field!.type.name, name).toBe(type)
      }
    })
  }
})

describe('no field beyond the langspec', () => {
  it('every field we define for v1..v12 is one go-algorand documents', () => {
    const documented = new Map<string, Set<string>>()
    for (const fact of VERSIONS[String(MAX_VERSION)]) {
      const group = opTable(MAX_VERSION)
        .byName.get(fact.name)!
        .imms.find((i) => i.group)?.group
      if (!group || !fact.fields) continue
      const names = documented.get(group) ?? new Set<string>()
      for (const [name] of fact.fields) names.add(name)
      documented.set(group, names)
    }
    for (const [group, names] of documented) {
      for (const field of FIELD_GROUPS[group as keyof typeof FIELD_GROUPS].fields) {
        if (group === 'txn' || group === 'txna' || group === 'itxnField') {
          // The txn table is shared by three views; check against their union below.
          continue
        }
        expect(names.has(field.name), `${group} ${field.name}`).toBe(true)
      }
    }
    const txnViews = new Set([...(documented.get('txn') ?? []), ...(documented.get('txna') ?? [])])
    for (const field of FIELD_GROUPS.txn.fields) {
      expect(txnViews.has(field.name), `txn ${field.name}`).toBe(true)
    }
  })
})
