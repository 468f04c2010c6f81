/**
 * kmd's multisig endpoints through algosdk's Kmd client, with go-algorand's rules
 * (crypto/multisig.go MultisigAddrGen / MultisigSign / MultisigMerge, sqlite.go
 * MultisigSignTransaction): import a preimage, export it, sign one key at a time, merge.
 */
import { createPublicKey, verify } from 'node:crypto'
import algosdk from 'algosdk'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startKmd, walletId, type KmdFixture } from './kmd-fixture.js'

let fx: KmdFixture
let token: string
let keys: string[]
beforeEach(async () => {
  fx = await startKmd()
  await fx.kmd.createWallet('msig', 'pw')
  const id = await walletId(fx.kmd, 'msig')
  token = ((await fx.kmd.initWalletHandle(id, 'pw')) as { wallet_handle_token: string })
    .wallet_handle_token
  keys = []
  for (let i = 0; i < 3; i++) {
    keys.push(((await fx.kmd.generateKey(token)) as { address: string }).address)
  }
})
afterEach(async () => {
  await fx.close()
})

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64')
const pk = (address: string): Uint8Array => algosdk.decodeAddress(address).publicKey

interface WireMultisig {
  v: number | bigint
  thr: number | bigint
  subsig: { pk: Uint8Array; s?: Uint8Array }[]
}

/** A partial multisig as algosdk's `signMultisigTransaction` passes it: a string (base64 msgpack). */
function asPartial(sig: WireMultisig): string {
  return Buffer.from(algosdk.msgpackRawEncode(sig)).toString('base64')
}

function ed25519Valid(message: Uint8Array, sig: Uint8Array, publicKey: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey])
  return verify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), sig)
}

describe('kmd multisig', () => {
  it('imports a 2-of-3 preimage at the address algosdk computes, lists and exports it', async () => {
    const { address } = (await fx.kmd.importMultisig(
      token,
      1,
      2,
      keys.map((k) => b64(pk(k))),
    )) as {
      address: string
    }
    expect(address).toBe(
      algosdk.multisigAddress({ version: 1, threshold: 2, addrs: keys }).toString(),
    )
    expect(await fx.kmd.listMultisig(token)).toMatchObject({ addresses: [address] })
    expect(await fx.kmd.exportMultisig(token, address)).toMatchObject({
      multisig_version: 1,
      threshold: 2,
      pks: keys.map((k) => b64(pk(k))),
    })
    await expect(
      fx.kmd.importMultisig(
        token,
        1,
        2,
        keys.map((k) => b64(pk(k))),
      ),
    ).rejects.toThrow('key already exists in wallet')
    await expect(fx.kmd.importMultisig(token, 2, 2, [b64(pk(keys[0]))])).rejects.toThrow(
      'unknown version',
    )
    await expect(
      fx.kmd.importMultisig(
        token,
        1,
        4,
        keys.map((k) => b64(pk(k))),
      ),
    ).rejects.toThrow('Invalid threshold')
    await fx.kmd.deleteMultisig(token, 'pw', address)
    await expect(fx.kmd.exportMultisig(token, address)).rejects.toThrow(
      'multisig information (pks, threshold) for address does not exist in this wallet',
    )
  })

  it('signs one key at a time and merges into a partial multisig', async () => {
    const preimage = { version: 1, threshold: 2, addrs: keys }
    const msigAddress = algosdk.multisigAddress(preimage).toString()
    await fx.kmd.importMultisig(
      token,
      1,
      2,
      keys.map((k) => b64(pk(k))),
    )
    const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
      sender: msigAddress,
      receiver: keys[0],
      amount: 1n,
      suggestedParams: {
        fee: 1000n,
        minFee: 1000n,
        flatFee: true,
        firstValid: 1n,
        lastValid: 10n,
        genesisID: 'devnet-v1',
        genesisHash: new Uint8Array(32).fill(9),
      },
    })
    const first = (await fx.kmd.signMultisigTransaction(token, 'pw', txn, pk(keys[0]), '')) as {
      multisig: string
    }
    const one = algosdk.msgpackRawDecode(Buffer.from(first.multisig, 'base64')) as WireMultisig
    expect(one.subsig.map((s) => s.s !== undefined)).toEqual([true, false, false])

    const second = (await fx.kmd.signMultisigTransaction(
      token,
      'pw',
      txn,
      pk(keys[2]),
      first.multisig,
    )) as { multisig: string }
    const two = algosdk.msgpackRawDecode(Buffer.from(second.multisig, 'base64')) as WireMultisig
    expect(Number(two.v)).toBe(1)
    expect(Number(two.thr)).toBe(2)
    two.subsig.forEach((s, i) => {
      expect(Buffer.from(s.pk).equals(Buffer.from(pk(keys[i])))).toBe(true)
      if (i === 1) expect(s.s).toBeUndefined()
      else expect(ed25519Valid(txn.bytesToSign(), s.s ?? new Uint8Array(), s.pk)).toBe(true)
    })

    // A key outside the preimage, or a preimage that is neither sender nor signer, is refused.
    const outsider = algosdk.generateAccount()
    await fx.kmd.importKey(token, outsider.sk)
    await expect(
      fx.kmd.signMultisigTransaction(token, 'pw', txn, outsider.addr.publicKey, asPartial(one)),
    ).rejects.toThrow('given key is not a possible signer for this multisig')
    const otherPartial = asPartial({ ...one, thr: 1 })
    await expect(
      fx.kmd.signMultisigTransaction(token, 'pw', txn, pk(keys[1]), otherPartial),
    ).rejects.toThrow('given multisig preimage hashes to neither Sender nor AuthAddr')
    await expect(
      fx.kmd.signMultisigTransaction(token, 'bad', txn, pk(keys[1]), asPartial(one)),
    ).rejects.toThrow('wrong password')
  })
})
