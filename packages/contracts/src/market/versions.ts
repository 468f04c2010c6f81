/**
 * The contract versions the protocol knows, each described in full (v1.ts, v2.ts, v3.ts). Builders build
 * for a version, readers read any of them: an app deployed with an older version keeps trading.
 */
import { CONTRACT_VERSIONS, CURRENT_VERSION, type ContractVersion } from '@unica/rules'
import type { OperationSpec, ProtocolSpec, VariantSpec } from './spec.js'
import { V1 } from './v1.js'
import { V2 } from './v2.js'
import { V3, type V3OperationKey } from './v3.js'

/** Every operation some version has (each version's are a superset of the one before). */
export type OperationKey = V3OperationKey

/** Every version @unica/rules knows, with its full description (a version without one fails here). */
export const PROTOCOLS = { 1: V1, 2: V2, 3: V3 } as const satisfies Record<
  ContractVersion,
  ProtocolSpec
>

// Which versions exist and which one new deployments get are rules (@unica/rules), shared with
// the schemas; re-exported so that the builders' callers need one import.
export { CONTRACT_VERSIONS, CURRENT_VERSION, type ContractVersion }

export function protocol(version: ContractVersion = CURRENT_VERSION): ProtocolSpec {
  return PROTOCOLS[version]
}

/** Whether `version` has `operation` (claim is v2's, the auction's are v3's). */
export function hasOperation(operation: OperationKey, version: ContractVersion): boolean {
  return Object.hasOwn(protocol(version).operations, operation)
}

export function operationSpec(
  operation: OperationKey,
  version: ContractVersion = CURRENT_VERSION,
): OperationSpec {
  if (!hasOperation(operation, version)) {
    throw new RangeError(`contract v${version} has no ${operation}`)
  }
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
