/**
 * Field lookup as go-algorand's FieldGroup.SpecByName sees it: `txn`-style immediates name only
 * scalar transaction fields, `txna`-style only array fields.
 */
import { FIELD_GROUPS, TXN_FIELDS, type FieldSpec } from '../spec/fields.js'
import { OP_SPECS, type FieldGroupName } from '../spec/opcodes.js'

export function fieldByName(group: FieldGroupName, name: string): FieldSpec | undefined {
  if (group === 'txn' || group === 'txna') {
    const fs = TXN_FIELDS.byName.get(name)
    if (!fs || fs.array !== (group === 'txna')) return undefined
    return fs
  }
  return FIELD_GROUPS[group].byName.get(name)
}

/** The name at index `value` of a group (for the disassembler), or undefined. */
export function fieldName(group: FieldGroupName, value: number): string | undefined {
  if (group === 'txn' || group === 'txna') {
    const fs = TXN_FIELDS.fields.at(value)
    if (!fs || fs.array !== (group === 'txna')) return undefined
    return fs.name
  }
  return FIELD_GROUPS[group].fields[value]?.name
}

const namesCache = new Map<number, Set<string>>()

/** Every field name of every group used by an opcode of `version` (go's fieldNames[v]). */
export function fieldNamesOf(version: number): ReadonlySet<string> {
  let names = namesCache.get(version)
  if (!names) {
    names = new Set()
    for (const spec of OP_SPECS) {
      if (spec.version > version) continue
      for (const imm of spec.imms) {
        if (!imm.group) continue
        const group = imm.group === 'itxnField' ? 'txn' : imm.group
        if (imm.group === 'itxnField') {
          for (const f of TXN_FIELDS.fields) names.add(f.name)
        } else {
          for (const f of FIELD_GROUPS[group].fields) {
            if (fieldByName(group, f.name)) names.add(f.name)
          }
        }
      }
    }
    namesCache.set(version, names)
  }
  return names
}
