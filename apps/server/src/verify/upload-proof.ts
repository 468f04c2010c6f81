/**
 * submit_asset's authentication (docs/security.md W11: an anonymous uploader must not attach an
 * image to someone else's asset). The creator signs, without broadcasting, a 0-Algo payment to
 * themselves whose note binds the asset id and the SHA-256 of the image and the description
 * (`submitAssetProofNote`). Any wallet can sign such a transaction; only the key holder can.
 * Replaying a proof only resubmits the very same content for the same asset.
 */
import { createHash, createPublicKey, verify } from 'node:crypto'
import algosdk from 'algosdk'
import { submitAssetProofNote } from '@unica/schemas'

/** SPKI DER prefix of an Ed25519 public key (RFC 8410); the 32-byte key follows. */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex')

export const sha256Hex = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex')

export interface ProofExpectation {
  readonly assetId: bigint
  readonly creator: string
  /** The creator's auth address if the account is rekeyed (algod's auth-addr). */
  readonly authAddress: string | undefined
  /** Base64 genesis hash of the network the asset lives on. */
  readonly genesisHash: string
  readonly image: Uint8Array
  readonly description: string
}

/** Undefined when the proof is good; else the reason, for the `proof` field error. */
export function uploadProofProblem(
  proofBase64: string,
  expect: ProofExpectation,
): string | undefined {
  let stxn: algosdk.SignedTransaction
  try {
    stxn = algosdk.decodeSignedTransaction(Buffer.from(proofBase64, 'base64'))
  } catch {
    return 'Must be a base64 signed transaction.'
  }
  const { txn } = stxn
  const note = submitAssetProofNote(
    expect.assetId.toString(),
    sha256Hex(expect.image),
    sha256Hex(new TextEncoder().encode(expect.description)),
  )
  if (
    txn.type !== algosdk.TransactionType.pay ||
    txn.sender.toString() !== expect.creator ||
    txn.payment?.receiver.toString() !== expect.creator ||
    txn.payment.amount !== 0n ||
    txn.payment.closeRemainderTo !== undefined ||
    txn.rekeyTo !== undefined ||
    Buffer.from(txn.genesisHash ?? new Uint8Array()).toString('base64') !== expect.genesisHash
  ) {
    return "Must be the creator's 0-Algo payment to themselves on this network."
  }
  if (Buffer.from(txn.note).toString('utf8') !== note) {
    return 'The signed note does not match this asset, image and description.'
  }
  const signer = stxn.sgnr?.toString() ?? expect.creator
  if (signer !== (expect.authAddress ?? expect.creator)) return "Not signed by the creator's key."
  if (stxn.sig === undefined || stxn.msig !== undefined || stxn.lsig !== undefined) {
    return 'Must carry a single ed25519 signature.'
  }
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519, algosdk.Address.fromString(signer).publicKey]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, txn.bytesToSign(), key, stxn.sig) ? undefined : 'The signature is invalid.'
}
