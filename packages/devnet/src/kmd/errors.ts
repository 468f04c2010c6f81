/**
 * kmd's error texts and statuses, as go-algorand's daemon/kmd returns them (api/v1/errors.go,
 * session/auth.go, wallet/driver/sqlite_errors.go, driver.go), so a client that recognises a
 * message from a real kmd recognises ours.
 */

/** A refusal answered with kmd's envelope: `{ "error": true, "message": ... }`. */
export class KmdError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

export const KMD_MESSAGES = {
  // api/v1/errors.go
  couldNotDecode: 'could not decode request body',
  couldNotDecodeAddress: 'could not decode address',
  couldNotDecodeTx: 'could not decode transaction',
  invalidApiToken: 'invalid API token',
  // session/auth.go
  wrongTokenParts: 'wrong number of token parts',
  invalidHandleId: 'invalid wallet handle id',
  invalidHandleSecret: 'invalid wallet handle secret',
  handleNotFound: 'handle does not exist',
  invalidToken: 'invalid token',
  handleExpired: 'handle expired',
  // wallet/driver/driver.go
  unknownDriver: 'unknown wallet driver',
  // wallet/driver/sqlite_errors.go
  keyNotFound: 'key does not exist in this wallet',
  noMnemonicUx: 'sqlite wallet driver cannot display mnemonics',
  keyExists: 'key already exists in wallet',
  wrongPassword: 'error decrypting. wrong password?',
  sameName: 'wallet with same name already exists',
  walletNotFound: 'wallet not found',
  nameTooLong: 'wallet name too long, must be <= 64 bytes',
  tooManyKeys: 'too many keys',
  msigDataNotFound:
    'multisig information (pks, threshold) for address does not exist in this wallet',
  msigWrongAddr: 'given multisig preimage hashes to neither Sender nor AuthAddr',
  msigWrongKey: 'given key is not a possible signer for this multisig',
  // crypto/cryptoerror.go
  msigUnknownVersion: 'unknown version',
  msigInvalidThreshold: 'Invalid threshold',
  msigKeyNotExist: 'Key does not exist',
  msigInvalidDuplicates: 'Invalid duplicates',
  // Ours: limits a real kmd does not need because its state is on disk, not in our memory.
  tooManyHandles: 'too many open wallet handles; release some or wait for them to expire',
  tooManyWallets: 'too many wallets',
  defaultWalletFixed: 'the default wallet is rebuilt from genesis and cannot be renamed',
} as const

/** 400 with kmd's message. */
export function badRequest(message: string): KmdError {
  return new KmdError(400, message)
}

/** 401: what kmd answers for every wallet-handle and init-password failure. */
export function unauthorized(message: string): KmdError {
  return new KmdError(401, message)
}
