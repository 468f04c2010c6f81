/**
 * @unica/txgroup: one msgpack codec for signed transaction groups. algod's POST /v2/transactions
 * and wallets carry a group as the concatenation of its signed transactions' msgpack objects; this
 * finds each object's bytes (decoding each one is algosdk's job).
 */
export { MAX_GROUP_SIZE } from './limits.js'
export { MsgpackFormatError, TxGroupError, msgpackObjectEnd } from './msgpack.js'
export { groupObjects, splitTxGroup, type GroupObject } from './split.js'
