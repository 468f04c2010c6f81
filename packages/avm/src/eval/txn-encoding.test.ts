/**
 * The transaction encoding against vectors produced by the official JavaScript SDK (algosdk
 * 3.x `bytesToSign`, `rawTxID`, `computeGroupID`), which follows go-algorand's canonical msgpack.
 */
import { describe, expect, it } from 'vitest'
import { makeTxn } from '../txn.js'
import { encodeTxn, encodeTxnAndGroupless, groupId, innerTxnId, txnId } from './txn-encoding.js'

const a = (n: number): Uint8Array => new Uint8Array(32).fill(n)
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex')
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)
const header = { sender: a(1), fee: 1000n, firstValid: 5n, lastValid: 1005n }

describe('encodeTxn', () => {
  it('a payment', () => {
    const t = makeTxn({
      ...header,
      type: 'pay',
      note: new Uint8Array([1, 2, 3]),
      rekeyTo: a(9),
      receiver: a(2),
      amount: 123456789012n,
      closeRemainderTo: a(3),
    })
    expect(hex(encodeTxn(t))).toBe(
      '8aa3616d74cf0000001cbe991a14a5636c6f7365c42003030303030303030303030303030303030303030303' +
        '03030303030303030303a3666565cd03e8a2667605a26c76cd03eda46e6f7465c403010203a3726376c42002' +
        '02020202020202020202020202020202020202020202020202020202020202a572656b6579c4200909090909' +
        '090909090909090909090909090909090909090909090909090909a3736e64c4200101010101010101010101' +
        '010101010101010101010101010101010101010101a474797065a3706179',
    )
  })
  it('an asset configuration (nested params, str8)', () => {
    const t = makeTxn({
      ...header,
      type: 'acfg',
      configAssetTotal: 1000000n,
      configAssetDecimals: 6n,
      configAssetDefaultFrozen: true,
      configAssetUnitName: utf8('UNIT'),
      configAssetName: utf8('A long asset name over thirty two chars'),
      configAssetUrl: utf8('https://x'),
      configAssetMetadataHash: a(4),
      configAssetManager: a(5),
      configAssetReserve: a(6),
      configAssetFreeze: a(7),
      configAssetClawback: a(8),
    })
    expect(hex(encodeTxn(t))).toBe(
      '86a4617061728ba2616dc4200404040404040404040404040404040404040404040404040404040404040404' +
        'a2616ed92741206c6f6e67206173736574206e616d65206f766572207468697274792074776f206368617273' +
        'a26175a968747470733a2f2f78a163c420080808080808080808080808080808080808080808080808080808' +
        '0808080808a2646306a26466c3a166c420070707070707070707070707070707070707070707070707070707' +
        '0707070707a16dc4200505050505050505050505050505050505050505050505050505050505050505a172c4' +
        '200606060606060606060606060606060606060606060606060606060606060606a174ce000f4240a2756ea4' +
        '554e4954a3666565cd03e8a2667605a26c76cd03eda3736e64c4200101010101010101010101010101010101' +
        '010101010101010101010101010101a474797065a461636667',
    )
  })
  it('an app call (map16, bin16, arrays, box refs)', () => {
    const t = makeTxn({
      ...header,
      type: 'appl',
      onCompletion: 1n,
      applicationArgs: [new Uint8Array([1]), new Uint8Array(0), new Uint8Array(300).fill(2)],
      accounts: [a(2), a(3)],
      foreignApps: [11n, 1234567n],
      foreignAssets: [99n],
      approvalProgram: new Uint8Array([6, 0x81, 1]),
      clearStateProgram: new Uint8Array([6, 0x81, 1]),
      globalNumUint: 3n,
      globalNumByteSlice: 2n,
      localNumUint: 1n,
      extraProgramPages: 1n,
      boxes: [
        { index: 0, name: new Uint8Array([1, 2]) },
        { index: 1, name: new Uint8Array(0) },
      ],
      rejectVersion: 3n,
    })
    expect(hex(encodeTxn(t))).toBe(
      'de0011a46170616193c40101c400c5012c020202020202020202020202020202020202020202020202020202' +
        '0202020202020202020202020202020202020202020202020202020202020202020202020202020202020202' +
        '0202020202020202020202020202020202020202020202020202020202020202020202020202020202020202' +
        '0202020202020202020202020202020202020202020202020202020202020202020202020202020202020202' +
        '0202020202020202020202020202020202020202020202020202020202020202020202020202020202020202' +
        '0202020202020202020202020202020202020202020202020202020202020202020202020202020202020202' +
        '0202020202020202020202020202020202020202020202020202020202020202020202020202020202020202' +
        '020202020202020202a46170616e01a461706170c403068101a4617061739163a46170617492c42002020202' +
        '02020202020202020202020202020202020202020202020202020202c4200303030303030303030303030303' +
        '030303030303030303030303030303030303a4617062789281a16ec402010281a16901a46170657001a46170' +
        '6661920bce0012d687a46170677382a36e627302a36e756903a461706c7381a36e756901a46170727603a461' +
        '707375c403068101a3666565cd03e8a2667605a26c76cd03eda3736e64c42001010101010101010101010101' +
        '01010101010101010101010101010101010101a474797065a46170706c',
    )
  })
})

describe('ids', () => {
  const t1 = makeTxn({ ...header, type: 'pay', receiver: a(2), amount: 1n })
  const t2 = makeTxn({ ...header, type: 'pay', receiver: a(2), amount: 2n })
  it('transaction and group ids', () => {
    expect(hex(txnId(t1))).toBe('1601393b66556a23af8d5a97becb50bc065117b4b5680b1e8b4f1cd82a6875c8')
    expect(hex(txnId(t2))).toBe('b4502567d07c1cf99b2831c68ebf33d0f135d9e46c3f8e182ab6e3f94103d8ef')
    expect(hex(groupId([txnId(t1), txnId(t2)]))).toBe(
      '5304b69be4052c2eff882a99b5e95a8a50e9df4d73379144e49a9b9702c6a2d0',
    )
  })
  it('inner ids hash the parent id and the position before the encoding', () => {
    const parent = a(7)
    expect(innerTxnId(t1, parent, 0)).not.toEqual(innerTxnId(t1, parent, 1))
    expect(innerTxnId(t1, parent, 0)).not.toEqual(innerTxnId(t1, a(8), 0))
  })
})

describe('encodeTxnAndGroupless', () => {
  const gh = a(7)
  const pay = makeTxn({ ...header, type: 'pay', receiver: a(2), amount: 5n, group: a(4) })
  // 18 fields: a map header of 3 bytes (0xde), 17 without the group: still 3 bytes.
  const keyreg = makeTxn({
    ...header,
    type: 'keyreg',
    group: a(4),
    note: utf8('n'),
    lease: a(5),
    rekeyTo: a(6),
    votePk: a(8),
    selectionPk: a(9),
    stateProofPk: new Uint8Array(64).fill(10),
    voteFirst: 1n,
    voteLast: 100n,
    voteKeyDilution: 10n,
  })
  // 16 fields with the group (3-byte header), 15 without it (a 1-byte header).
  const sixteen = makeTxn({
    ...header,
    type: 'keyreg',
    group: a(4),
    note: utf8('n'),
    lease: a(5),
    votePk: a(8),
    selectionPk: a(9),
    stateProofPk: new Uint8Array(64).fill(10),
    voteFirst: 1n,
    voteLast: 100n,
    voteKeyDilution: 10n,
  })

  it('gives the encoding and the encoding without the group, for small and large maps', () => {
    for (const t of [pay, keyreg, sixteen]) {
      const { full, groupless } = encodeTxnAndGroupless(t, 'devnet-v1', gh)
      expect(hex(full)).toBe(hex(encodeTxn(t, 'devnet-v1', gh)))
      expect(hex(groupless!)).toBe(
        hex(encodeTxn({ ...t, group: new Uint8Array(32) }, 'devnet-v1', gh)),
      )
    }
    expect(encodeTxn(sixteen, 'devnet-v1', gh)[0]).toBe(0xde)
    expect(encodeTxnAndGroupless(sixteen, 'devnet-v1', gh).groupless![0]).toBe(0x8f)
  })

  it('has no groupless encoding without a group', () => {
    const t = makeTxn({ ...header, type: 'pay', receiver: a(2), amount: 5n })
    expect(encodeTxnAndGroupless(t).groupless).toBeUndefined()
  })
})
