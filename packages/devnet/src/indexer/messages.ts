/**
 * Error texts exactly as algorand/indexer words them (api/error_messages.go), so clients that
 * match on them behave as against a real indexer.
 */
export const ERR_INVALID_ROUND_AND_MIN_MAX = 'cannot specify round and min-round/max-round'
export const ERR_INVALID_ROUND_MIN_MAX = 'min-round must be less than max-round'
export const ERR_UNABLE_TO_PARSE_ADDRESS = 'unable to parse address'
export const ERR_UNABLE_TO_PARSE_BASE64 = 'unable to parse base64 data'
export const ERR_BAD_GROUP_ID_LEN = 'bad length for group ID'
export const ERR_UNABLE_TO_PARSE_DIGEST = 'unable to parse base32 digest data'
export const ERR_UNABLE_TO_PARSE_NEXT = 'unable to parse next token'
export const ERR_NO_APPLICATIONS_FOUND = 'no application found for application-id'
export const ERR_NO_BOXES_FOUND = 'no application boxes found'
export const ERR_NO_ACCOUNTS_FOUND = 'no accounts found for address'
export const ERR_NO_ASSETS_FOUND = 'no assets found for asset-id'
export const ERR_NO_TRANSACTION_FOUND = 'no transaction found for transaction id'
export const ERR_MULTI_ACCT_REWIND = 'multiple accounts rewind is not supported by this server'
export const ERR_ONLINE_ONLY_DELETED =
  'simultaneously searching for online and deleted accounts is not supported'
export const ERR_REWINDING_ACCOUNT = 'error while rewinding account'
export const ERR_LOOKING_UP_BLOCK = 'error while looking up block for round'
export const ERR_ZERO_ADDRESS_CLOSE_TO_ROLE =
  'searching transactions by zero address with close address role is not supported'
export const ERR_ZERO_ADDRESS_ASSET_SENDER_ROLE =
  'searching transactions by zero address with asset sender role is not supported'
export const ERR_ZERO_ADDRESS_ASSET_CLOSE_TO_ROLE =
  'searching transactions by zero address with asset close address role is not supported'
export const ERR_RESULT_LIMIT_REACHED = 'Result limit exceeded'
export const ERR_VALUE_EXCEEDING_INT64 =
  'searching by round or application-id or asset-id or filter by value greater than 9223372036854775807 is not supported'
export const ERR_TRANSACTIONS_LIMIT_REACHED =
  'Max transactions limit exceeded. header-only flag should be enabled'

const ADDRESS_ROLES = ['sender', 'receiver', 'freeze-target'] as const
export const TX_TYPES = ['pay', 'keyreg', 'acfg', 'axfer', 'afrz', 'appl', 'stpf', 'hb'] as const
export const SIG_TYPES = ['sig', 'msig', 'lsig'] as const

export const ERR_UNKNOWN_ADDRESS_ROLE = `unknown address role [valid roles: ${ADDRESS_ROLES.join(', ')}]`
export const ERR_UNKNOWN_TX_TYPE = `unknown tx-type [valid types: ${TX_TYPES.join(', ')}]`
export const ERR_UNKNOWN_SIG_TYPE = `unknown sig-type [valid types: ${SIG_TYPES.join(', ')}]`

/** Largest value the indexer accepts for rounds, ids and amounts (Postgres bigint). */
export const MAX_INT64 = (1n << 63n) - 1n

/** Default and maximum `limit`s: the indexer daemon's defaults (cmd/algorand-indexer/daemon.go). */
export const LIMITS = {
  transactions: { default: 1000, max: 10000 },
  accounts: { default: 100, max: 1000 },
  assets: { default: 100, max: 1000 },
  balances: { default: 1000, max: 10000 },
  applications: { default: 100, max: 1000 },
  boxes: { default: 1000, max: 10000 },
  blocks: { default: 100, max: 1000 },
} as const

/** Resources (holdings, created assets/apps, local states) an account lookup may return. */
export const MAX_API_RESOURCES_PER_ACCOUNT = 1000
