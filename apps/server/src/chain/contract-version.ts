/**
 * The manager version an app runs, as stored (`assets.contract_version`, migration 0003), checked
 * against the versions @unica/contracts can read. Only a version this code verified or read from
 * a deployment is ever stored, so an unknown one means an older server reads a newer server's
 * database: its calls are not read with another version's protocol.
 */
import { CONTRACT_VERSIONS, type ContractVersion } from '@unica/contracts'

const KNOWN: ReadonlySet<number> = new Set(CONTRACT_VERSIONS)

/** The stored version, if the protocol of that version is known here; else null. */
export function readableVersion(stored: number): ContractVersion | null {
  return KNOWN.has(stored) ? (stored as ContractVersion) : null
}
