/**
 * The keys a Go server always writes. algosdk's encodeJSON leaves out every empty value, while
 * go-algorand and the indexer write some fields whatever their value: fields without `omitempty`,
 * and pointer fields a handler always sets (Go's encoding/json omits a pointer only when it is
 * nil). A Shape lists those keys with the value Go writes for an empty one, and `fillShape` adds
 * the ones algosdk left out, so a client reading e.g. `apps-total-schema.num-uint` finds it here
 * as it does on a real node.
 */

/** A field Go writes only sometimes; when present, its own always-written keys are filled. */
export class Optional {
  constructor(readonly shape: Field) {}
}

/** A scalar's empty value, a nested object's shape, or `[itemShape]` for an array. */
export type Field = number | string | boolean | ObjectShape | readonly [ObjectShape] | Optional

export interface ObjectShape {
  readonly [key: string]: Field
}

export function optional(shape: Field): Optional {
  return new Optional(shape)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function emptyOf(field: Exclude<Field, Optional>): unknown {
  if (Array.isArray(field)) return []
  if (typeof field === 'object') return {}
  return field
}

function fillField(value: unknown, field: Exclude<Field, Optional>): void {
  if (Array.isArray(field)) {
    if (Array.isArray(value)) for (const item of value) fillField(item, field[0] as ObjectShape)
  } else if (typeof field === 'object' && isRecord(value)) {
    fillShape(value, field as ObjectShape)
  }
}

/** Adds to `json` (in place) every key of `shape` it lacks, recursively; returns `json`. */
export function fillShape<T>(value: T, shape: ObjectShape): T {
  if (!isRecord(value)) return value
  const json: Record<string, unknown> = value
  for (const [key, field] of Object.entries(shape)) {
    const inner = field instanceof Optional ? field.shape : field
    if (inner instanceof Optional) throw new TypeError('nested optional')
    if (json[key] === undefined) {
      if (field instanceof Optional) continue
      json[key] = emptyOf(inner)
    }
    fillField(json[key], inner)
  }
  return value
}
