/**
 * The ledger's own transaction encoding must be byte for byte algosdk's (and so go-algorand's
 * canonical msgpack): transaction ids and signatures are computed over it.
 */
import { encodeTxn } from '@unica/avm'
import algosdk from 'algosdk'
import { describe, expect, it } from 'vitest'
import { newAccount } from '../../test/kit/testnet.js'
import { prepare } from './verify.js'
import { toAvmTxn } from './txn.js'

const a = newAccount().addr
const b = newAccount().addr
const c = newAccount().addr

function params(seed: number): algosdk.SuggestedParams {
  return {
    fee: BigInt(seed * 1000),
    flatFee: true,
    minFee: 1000n,
    firstValid: BigInt(seed * 7),
    lastValid: BigInt(seed * 7 + 1000),
    genesisID: seed % 3 === 0 ? undefined : 'devnet-v1',
    genesisHash: seed % 4 === 0 ? undefined : new Uint8Array(32).fill(seed),
  }
}

const note = (seed: number): Uint8Array => new Uint8Array(seed % 5 === 0 ? 0 : seed * 9).fill(seed)

function samples(seed: number): algosdk.Transaction[] {
  const suggestedParams = params(seed)
  const common = {
    sender: a,
    suggestedParams,
    note: note(seed),
    lease: seed % 2 === 0 ? undefined : new Uint8Array(32).fill(seed),
    rekeyTo: seed % 3 === 1 ? b : undefined,
  }
  return [
    algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      ...common,
      receiver: b,
      amount: BigInt(seed) ** 9n,
      closeRemainderTo: seed % 2 === 0 ? c : undefined,
    }),
    algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
      ...common,
      voteKey: new Uint8Array(32).fill(1),
      selectionKey: new Uint8Array(32).fill(2),
      stateProofKey: new Uint8Array(64).fill(3),
      voteFirst: BigInt(seed),
      voteLast: BigInt(seed * 1000),
      voteKeyDilution: 10_000n,
    }),
    algosdk.makeKeyRegistrationTxnWithSuggestedParamsFromObject({
      ...common,
      nonParticipation: true,
    }),
    algosdk.makeAssetCreateTxnWithSuggestedParamsFromObject({
      ...common,
      total: BigInt(seed) ** 12n,
      decimals: seed % 20,
      defaultFrozen: seed % 2 === 0,
      unitName: seed % 2 === 0 ? 'USDC' : undefined,
      assetName: 'A name that is rather long €',
      assetURL: 'https://example.com/'.repeat(seed % 4),
      assetMetadataHash: seed % 2 === 0 ? new Uint8Array(32).fill(8) : undefined,
      manager: a,
      reserve: seed % 2 === 0 ? b : undefined,
      freeze: c,
      clawback: seed % 3 === 0 ? undefined : a,
    }),
    algosdk.makeAssetDestroyTxnWithSuggestedParamsFromObject({
      ...common,
      assetIndex: BigInt(seed + 1),
    }),
    algosdk.makeAssetTransferTxnWithSuggestedParamsFromObject({
      ...common,
      receiver: b,
      assetIndex: BigInt(seed * 1001),
      amount: BigInt(seed) ** 5n,
      assetSender: seed % 2 === 0 ? c : undefined,
      closeRemainderTo: seed % 2 === 1 ? c : undefined,
    }),
    algosdk.makeAssetFreezeTxnWithSuggestedParamsFromObject({
      ...common,
      assetIndex: BigInt(seed + 5),
      freezeTarget: b,
      frozen: seed % 2 === 0,
    }),
    algosdk.makeApplicationCreateTxnFromObject({
      ...common,
      onComplete: algosdk.OnApplicationComplete.OptInOC,
      approvalProgram: new Uint8Array(seed * 40).fill(6),
      clearProgram: Uint8Array.of(10, 0x81, 1),
      numGlobalInts: seed % 5,
      numGlobalByteSlices: seed % 3,
      numLocalInts: seed % 2,
      numLocalByteSlices: seed % 4,
      extraPages: seed % 4,
      appArgs: [new Uint8Array(0), new Uint8Array(seed).fill(1)],
    }),
    algosdk.makeApplicationCallTxnFromObject({
      ...common,
      appIndex: BigInt(seed * 99 + 1),
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      appArgs: [new Uint8Array(3).fill(seed)],
      accounts: [b, c],
      foreignApps: [7n, BigInt(seed + 300)],
      foreignAssets: [1001n],
      boxes: [
        { appIndex: 0n, name: new Uint8Array(0) },
        { appIndex: BigInt(seed * 99 + 1), name: new Uint8Array(4).fill(seed) },
        { appIndex: 7n, name: Uint8Array.of(1, 2) },
      ],
      rejectVersion: seed % 3,
    }),
  ]
}

describe('encodeTxn (canonical msgpack)', () => {
  it("is byte for byte algosdk's encodeMsgpack, groups included", () => {
    for (let seed = 1; seed <= 24; seed++) {
      const txns = samples(seed)
      if (seed % 2 === 0) algosdk.assignGroupID(txns.slice(0, 3))
      for (const t of txns) {
        const mine = encodeTxn(toAvmTxn(t), t.genesisID, t.genesisHash)
        expect(Buffer.from(mine).toString('hex'), `${t.type} seed ${seed}`).toBe(
          Buffer.from(algosdk.encodeMsgpack(t)).toString('hex'),
        )
      }
    }
  })

  it("gives algosdk's transaction id and signed-transaction encoding", () => {
    const t = samples(3)[0]
    const sk = newAccount().sk
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- algosdk's own signing is the reference
    const stxn = algosdk.decodeSignedTransaction(t.signTxn(sk))
    const p = prepare(stxn)
    expect(p.id).toBe(t.txID())
    expect(Buffer.from(p.encoded).equals(Buffer.from(algosdk.encodeMsgpack(stxn)))).toBe(true)
  })
})
