/**
 * Every AVM version gate, named for what it turned on (go-algorand `logic/opcodes.go` and
 * `assembler.go` hold the same facts). Conditions in this package compare against these names,
 * never against bare numbers.
 */

/** The newest program version this package assembles and evaluates (MainNet consensus v41). */
export const MAX_VERSION = 12
/** The version an assembly without `#pragma version` gets. */
export const ASSEMBLER_DEFAULT_VERSION = 1

/** RekeyTo field; ApplicationCall transactions may be inspected. */
export const REKEYING_VERSION = 2
/** Stateful (application) mode exists. */
export const APPS_VERSION = 2
/** The assembler builds intcblock/bytecblock by frequency and may emit pushint/pushbytes. */
export const OPTIMIZE_CONSTANTS_VERSION = 4
/** Branches may jump backwards (loops); dynamic cost accounting replaces static program cost. */
export const BACK_BRANCH_VERSION = 4
/** Accounts, assets and apps may be named directly instead of by foreign-array index. */
export const DIRECT_REF_VERSION = 4
/** Inner transactions may call applications; txn effects (Logs, Created*) readable. */
export const INNER_APPS_VERSION = 6
/** Inner transactions may create assets/apps whose ids are then available. */
export const CREATED_RESOURCES_VERSION = 6
/** app_params_get AppAddress; accounts of apps available by address. */
export const APP_ADDRESS_VERSION = 7
/** base64_decode, json_ref, secp256r1. */
export const FIDO_VERSION = 7
/** vrf_verify, block. */
export const RANDOMNESS_VERSION = 7
/** Boxes. */
export const BOX_VERSION = 8
/** Apps may use resources referenced by any transaction of the group. */
export const SHARED_RESOURCES_VERSION = 9
/** ec_* pairing opcodes. */
export const PAIRING_VERSION = 10
/** Block proposer fields, heartbeats, online_stake, voter_params_get. */
export const INCENTIVE_VERSION = 11
/** mimc. */
export const MIMC_VERSION = 11
