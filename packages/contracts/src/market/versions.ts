/**
 * The contract versions the protocol knows, each described in full (v1.ts). Builders build for a
 * version, readers read any of them: an app deployed with an older version keeps trading.
 */
import type { OperationSpec, ProtocolSpec, VariantSpec } from './spec.js'
import { V1, type OperationKey } from './v1.js'

export type { OperationKey } from './v1.js'

export const PROTOCOLS = { 1: V1 } as const satisfies Record<number, ProtocolSpec<OperationKey>>

export type ContractVersion = keyof typeof PROTOCOLS

/** The version new deployments get. */
export const CURRENT_VERSION: ContractVersion = 1

export const CONTRACT_VERSIONS = Object.keys(PROTOCOLS).map(Number) as ContractVersion[]

export function protocol(version: ContractVersion = CURRENT_VERSION): ProtocolSpec<OperationKey> {
  return PROTOCOLS[version]
}

export function operationSpec(
  operation: OperationKey,
  version: ContractVersion = CURRENT_VERSION,
): OperationSpec {
  return protocol(version).operations[operation]
}

export function variantSpec(
  operation: OperationKey,
  name: string,
  version: ContractVersion = CURRENT_VERSION,
): VariantSpec {
  const v = operationSpec(operation, version).variants.find((x) => x.name === name)
  if (v === undefined) throw new RangeError(`${operation} has no variant ${name}`)
  return v
}

/** Each operation key of a version, with its spec. */
export function operationEntries(
  version: ContractVersion = CURRENT_VERSION,
): [OperationKey, OperationSpec][] {
  return Object.entries(protocol(version).operations) as [OperationKey, OperationSpec][]
}
