/**
 * A group as go-algorand's decodeTxGroup reads it (daemon/algod/api/server/v2/handlers.go): one
 * object after another until the end, at least one, at most the group size.
 */
import { MAX_GROUP_SIZE } from './limits.js'
import { TxGroupError, msgpackObjectEnd } from './msgpack.js'

export interface GroupObject {
  /** The object's bytes: a view into the input, not a copy. */
  readonly bytes: Uint8Array
  /** Its byte offset in the input (the position go-codec reports an error of it at). */
  readonly start: number
}

/**
 * Each object in turn, so a caller decoding them meets the errors in go-algorand's order: an
 * object is read (and may be refused) before the group size is checked against it.
 */
export function* groupObjects(bytes: Uint8Array, max = MAX_GROUP_SIZE): Generator<GroupObject> {
  let at = 0
  let count = 0
  while (at < bytes.length) {
    const end = msgpackObjectEnd(bytes, at)
    yield { bytes: bytes.subarray(at, end), start: at }
    at = end
    if (++count > max) throw new TxGroupError(`max group size is ${max}`)
  }
  if (count === 0) throw new TxGroupError('empty txgroup')
}

/** Each object's bytes. Throws TxGroupError (MsgpackFormatError for unreadable bytes). */
export function splitTxGroup(bytes: Uint8Array, max = MAX_GROUP_SIZE): Uint8Array[] {
  return Array.from(groupObjects(bytes, max), (o) => o.bytes)
}
