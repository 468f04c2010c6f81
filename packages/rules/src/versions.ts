/**
 * The manager versions the protocol knows (the programs live in @unica/contracts). An app deployed
 * with an older version keeps trading under that version's rules, so every rule that differs
 * between versions is looked up by version, never assumed.
 */
export const CONTRACT_VERSIONS = [1, 2, 3] as const

export type ContractVersion = (typeof CONTRACT_VERSIONS)[number]

/** The version new deployments get: a new piece's form, schema and server check for this one. */
export const CURRENT_VERSION: ContractVersion = 3

/** `n` as a known version, or null (a stored or typed number may come from a newer release). */
export const contractVersionOf = (n: number): ContractVersion | null =>
  CONTRACT_VERSIONS.find((v) => v === n) ?? null
