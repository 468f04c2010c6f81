/**
 * submit_asset's authentication (docs/security.md W11: an anonymous uploader must not attach an
 * image to someone else's asset). The creator signs, without broadcasting, a 0-Algo payment to
 * themselves whose note binds the asset id and the SHA-256 of the image and the description
 * (`submitAssetProofNote`). Any wallet can sign such a transaction; only the key holder can.
 * Replaying a proof only resubmits the very same content for the same asset.
 */
import { createHash } from 'node:crypto'
import { submitAssetProofNote } from '@unica/schemas'
import { decodeSignedNote, signedNoteProblem, type SignedNoteProblem } from './signed-note.js'

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
  const stxn = decodeSignedNote(proofBase64)
  if (stxn === undefined) return 'Must be a base64 signed transaction.'
  const note = submitAssetProofNote(
    expect.assetId.toString(),
    sha256Hex(expect.image),
    sha256Hex(new TextEncoder().encode(expect.description)),
  )
  const problem = signedNoteProblem(stxn, {
    account: expect.creator,
    authAddress: expect.authAddress,
    genesisHash: expect.genesisHash,
    note: (txn) => Buffer.from(txn.note).toString('utf8') === note,
  })
  return problem === undefined ? undefined : MESSAGES[problem]
}

const MESSAGES: Record<SignedNoteProblem, string> = {
  encoding: 'Must be a base64 signed transaction.',
  shape: "Must be the creator's 0-Algo payment to themselves on this network.",
  note: 'The signed note does not match this asset, image and description.',
  signer: "Not signed by the creator's key.",
  'signature-kind': 'Must carry a single ed25519 signature.',
  signature: 'The signature is invalid.',
}
