/**
 * The canonical msgpack encoding of a transaction, as go-algorand's generated `MarshalMsg` writes
 * it (keys sorted, zero values and empty arrays omitted, minimal integer/length encodings), and
 * the ids built on it that the AVM must compute itself: an inner transaction's id and an inner
 * group's id. The devnet encodes top-level transactions with it too, passing their genesis id and
 * hash (which a Txn does not hold; inner transactions have none).
 *
 * No state-proof, heartbeat or access-list fields are encoded.
 */
import { sha512_256 } from '@noble/hashes/sha2.js'
import { concatBytes } from '@noble/hashes/utils.js'
import {
  fixed,
  flag,
  keyBytes,
  list,
  MsgpackWriter,
  presentEntries,
  slice,
  struct,
  text,
  uint,
  writeEntries,
  type Entry,
} from '../encoding/msgpack.js'
import type { Txn } from '../txn.js'
import { uint64ToBytes } from './value.js'

const utf8 = new TextEncoder()
const TX = utf8.encode('TX')
const TG = utf8.encode('TG')

function txnEntries(t: Txn, genesisId?: string, genesisHash?: Uint8Array): Entry[] {
  return [
    ['aamt', uint(t.assetAmount)],
    ['aclose', fixed(t.assetCloseTo)],
    ['afrz', flag(t.freezeAssetFrozen)],
    ['amt', uint(t.amount)],
    [
      'apaa',
      list(t.applicationArgs, (w, a) => {
        w.bin(a)
      }),
    ],
    ['apan', uint(t.onCompletion)],
    ['apap', slice(t.approvalProgram)],
    [
      'apar',
      struct([
        ['am', fixed(t.configAssetMetadataHash)],
        ['an', text(t.configAssetName)],
        ['au', text(t.configAssetUrl)],
        ['c', fixed(t.configAssetClawback)],
        ['dc', uint(t.configAssetDecimals)],
        ['df', flag(t.configAssetDefaultFrozen)],
        ['f', fixed(t.configAssetFreeze)],
        ['m', fixed(t.configAssetManager)],
        ['r', fixed(t.configAssetReserve)],
        ['t', uint(t.configAssetTotal)],
        ['un', text(t.configAssetUnitName)],
      ]),
    ],
    [
      'apas',
      list(t.foreignAssets, (w, id) => {
        w.uint(id)
      }),
    ],
    [
      'apat',
      list(t.accounts, (w, a) => {
        w.bin(a)
      }),
    ],
    [
      'apbx',
      list(t.boxes, (w, br) => {
        const put = struct([
          ['i', uint(BigInt(br.index))],
          ['n', slice(br.name)],
        ])
        if (put) put(w)
        else w.map(0)
      }),
    ],
    ['apep', uint(t.extraProgramPages)],
    [
      'apfa',
      list(t.foreignApps, (w, id) => {
        w.uint(id)
      }),
    ],
    [
      'apgs',
      struct([
        ['nbs', uint(t.globalNumByteSlice)],
        ['nui', uint(t.globalNumUint)],
      ]),
    ],
    ['apid', uint(t.applicationId)],
    [
      'apls',
      struct([
        ['nbs', uint(t.localNumByteSlice)],
        ['nui', uint(t.localNumUint)],
      ]),
    ],
    ['aprv', uint(t.rejectVersion)],
    ['apsu', slice(t.clearStateProgram)],
    ['arcv', fixed(t.assetReceiver)],
    ['asnd', fixed(t.assetSender)],
    ['caid', uint(t.configAsset)],
    ['close', fixed(t.closeRemainderTo)],
    ['fadd', fixed(t.freezeAssetAccount)],
    ['faid', uint(t.freezeAsset)],
    ['fee', uint(t.fee)],
    ['fv', uint(t.firstValid)],
    ['gen', genesisId === undefined ? undefined : text(utf8.encode(genesisId))],
    ['gh', genesisHash === undefined ? undefined : fixed(genesisHash)],
    ['grp', fixed(t.group)],
    ['lv', uint(t.lastValid)],
    ['lx', fixed(t.lease)],
    ['nonpart', flag(t.nonparticipation)],
    ['note', slice(t.note)],
    ['rcv', fixed(t.receiver)],
    ['rekey', fixed(t.rekeyTo)],
    ['selkey', fixed(t.selectionPk)],
    ['snd', fixed(t.sender)],
    ['sprfkey', fixed(t.stateProofPk)],
    ['type', text(utf8.encode(t.type))],
    ['votefst', uint(t.voteFirst)],
    ['votekd', uint(t.voteKeyDilution)],
    ['votekey', fixed(t.votePk)],
    ['votelst', uint(t.voteLast)],
    ['xaid', uint(t.xferAsset)],
  ]
}

/**
 * The canonical msgpack encoding of `t`, with the genesis id and hash of a top-level transaction
 * when given.
 */
export function encodeTxn(t: Txn, genesisId?: string, genesisHash?: Uint8Array): Uint8Array {
  const w = new MsgpackWriter()
  writeEntries(w, presentEntries(txnEntries(t, genesisId, genesisHash)))
  return w.bytes()
}

/**
 * The transaction's encoding, and for a grouped one also its encoding without the group (what
 * the group id commits to), sharing the work.
 */
export function encodeTxnAndGroupless(
  t: Txn,
  genesisId?: string,
  genesisHash?: Uint8Array,
): { readonly full: Uint8Array; readonly groupless: Uint8Array | undefined } {
  const items = presentEntries(txnEntries(t, genesisId, genesisHash))
  // writeEntries, noting where the `grp` entry lies.
  const w = new MsgpackWriter()
  w.map(items.length)
  let grpStart = -1
  let grpEnd = -1
  for (const [key, put] of items) {
    if (key === 'grp') grpStart = w.length
    w.str(keyBytes(key))
    put!(w)
    if (key === 'grp') grpEnd = w.length
  }
  const full = w.bytes()
  if (grpStart < 0) return { full, groupless: undefined }
  // The same map without its `grp` entry: the bytes around it, under a header one entry smaller.
  const header = new MsgpackWriter()
  header.map(items.length - 1)
  const oldHeaderLength = items.length < 16 ? 1 : 3
  const groupless = concatBytes(
    header.bytes(),
    full.subarray(oldHeaderLength, grpStart),
    full.subarray(grpEnd),
  )
  return { full, groupless }
}

/** A transaction id, SHA-512/256("TX" || msgpack), for a transaction without genesis fields
 * (a top-level transaction also hashes its genesis id and hash, which Txn does not hold). */
export function txnId(t: Txn): Uint8Array {
  return sha512_256(concatBytes(TX, encodeTxn(t)))
}

/** go's `InnerID`: SHA-512/256("TX" || parent txid || uint64 index || msgpack). */
export function innerTxnId(t: Txn, parent: Uint8Array, index: number): Uint8Array {
  return sha512_256(concatBytes(TX, parent, uint64ToBytes(BigInt(index)), encodeTxn(t)))
}

/** go's group id: SHA-512/256("TG" || msgpack of TxGroup{txlist}). */
export function groupId(hashes: readonly Uint8Array[]): Uint8Array {
  const w = new MsgpackWriter()
  w.map(1)
  w.str(keyBytes('txlist'))
  w.array(hashes.length)
  for (const h of hashes) w.bin(h)
  return sha512_256(concatBytes(TG, w.bytes()))
}
