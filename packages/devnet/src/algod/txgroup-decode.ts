/**
 * Decoding of POST /v2/transactions bodies: signed transactions as concatenated msgpack objects,
 * as go-algorand's decodeTxGroup reads them (daemon/algod/api/server/v2/handlers.go). The object
 * boundaries come from @unica/txgroup (the one codec the server shares); each object is decoded by
 * algosdk so the transaction is exactly what algosdk clients build.
 */
import { decodeSignedTransaction, type SignedTransaction } from 'algosdk'
import { MsgpackFormatError, TxGroupError, groupObjects } from '@unica/txgroup'

import { HttpError } from '../http/server.js'

export { MAX_GROUP_SIZE } from '@unica/txgroup'

/** The signed transactions of a raw-transaction body; 400 with go-algorand's texts otherwise. */
export function decodeTxGroup(body: Uint8Array, maxGroupSize: number): SignedTransaction[] {
  const group: SignedTransaction[] = []
  try {
    for (const { bytes, start } of groupObjects(body, maxGroupSize)) {
      try {
        // A plain copy: algosdk's decoder misreads some fields of a Node Buffer view.
        group.push(decodeSignedTransaction(new Uint8Array(bytes)))
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e)
        throw new MsgpackFormatError(start, reason)
      }
    }
  } catch (e) {
    if (e instanceof TxGroupError) throw new HttpError(400, e.message)
    throw e
  }
  return group
}
