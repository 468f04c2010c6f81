/**
 * The opaque `next` token of transaction searches, in algorand/indexer's own format
 * (idb/idb.go TxnRow.Next): base64url of round (uint64 LE) then intra-round offset (uint32 LE).
 */
import { HttpError } from '../http/server.js'
import { ERR_UNABLE_TO_PARSE_NEXT } from './messages.js'

export interface TxnPosition {
  readonly round: number
  readonly intra: number
}

export function encodeTxnNext(position: TxnPosition): string {
  const bytes = Buffer.alloc(12)
  bytes.writeBigUInt64LE(BigInt(position.round), 0)
  bytes.writeUInt32LE(position.intra >>> 0, 8)
  return bytes.toString('base64url')
}

/** Decodes a token; anything else is the client's mistake (400), never ours. */
export function decodeTxnNext(token: string): TxnPosition {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(token)) throw new HttpError(400, ERR_UNABLE_TO_PARSE_NEXT)
  const bytes = Buffer.from(token, 'base64url')
  if (bytes.length !== 12) throw new HttpError(400, ERR_UNABLE_TO_PARSE_NEXT)
  const round = bytes.readBigUInt64LE(0)
  const intra = bytes.readUInt32LE(8)
  // Rounds beyond what a number holds exactly cannot exist here; clamp so searches stay exact.
  return {
    round: round > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(round),
    intra,
  }
}
