/** The ledger keeps per-account and per-app records in maps of maps (holdings, locals, boxes). */

/** The inner map under `key`, created empty on first use. */
export function innerMap<K, V>(
  outer: Map<string | bigint, Map<K, V>>,
  key: string | bigint,
): Map<K, V> {
  let inner = outer.get(key)
  if (inner === undefined) {
    inner = new Map()
    outer.set(key, inner)
  }
  return inner
}
