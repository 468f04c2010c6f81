/**
 * A never-broadcast 0-Algo payment to oneself whose note says what the signer agrees to: the
 * proof behind uploads (upload-proof.ts) and wallet sign-in (sign-in.ts). Any wallet can sign such
 * a transaction; only the account's key (its auth address's, when rekeyed) can.
 */
import { createPublicKey, verify } from 'node:crypto'
import algosdk from 'algosdk'

/** SPKI DER prefix of an Ed25519 public key (RFC 8410); the 32-byte key follows. */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex')

export type SignedNoteProblem =
  'encoding' | 'shape' | 'note' | 'signer' | 'signature-kind' | 'signature'

export interface SignedNoteExpectation {
  readonly account: string
  /** The account's auth address if it is rekeyed (algod's auth-addr). */
  readonly authAddress: string | undefined
  /** Base64 genesis hash of this network. */
  readonly genesisHash: string
  /** What the note must say exactly. */
  readonly note: (txn: algosdk.Transaction) => boolean
}

export function decodeSignedNote(base64: string): algosdk.SignedTransaction | undefined {
  try {
    return algosdk.decodeSignedTransaction(Buffer.from(base64, 'base64'))
  } catch {
    return undefined
  }
}

/** Undefined when the transaction is the account's signed self-payment with the note expected. */
export function signedNoteProblem(
  stxn: algosdk.SignedTransaction,
  expect: SignedNoteExpectation,
): SignedNoteProblem | undefined {
  const { txn } = stxn
  if (
    txn.type !== algosdk.TransactionType.pay ||
    txn.sender.toString() !== expect.account ||
    txn.payment?.receiver.toString() !== expect.account ||
    txn.payment.amount !== 0n ||
    txn.payment.closeRemainderTo !== undefined ||
    txn.rekeyTo !== undefined ||
    Buffer.from(txn.genesisHash ?? new Uint8Array()).toString('base64') !== expect.genesisHash
  ) {
    return 'shape'
  }
  if (!expect.note(txn)) return 'note'
  const signer = stxn.sgnr?.toString() ?? expect.account
  if (signer !== (expect.authAddress ?? expect.account)) return 'signer'
  if (stxn.sig === undefined || stxn.msig !== undefined || stxn.lsig !== undefined) {
    return 'signature-kind'
  }
  const key = createPublicKey({
    key: Buffer.concat([SPKI_ED25519, algosdk.Address.fromString(signer).publicKey]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, txn.bytesToSign(), key, stxn.sig) ? undefined : 'signature'
}
