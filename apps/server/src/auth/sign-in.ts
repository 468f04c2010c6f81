/**
 * Checks a signed sign-in challenge (docs/security.md W24): the account's never-sent 0-Algo
 * payment to itself on this network, whose validity window is empty or past (it can never be
 * committed), whose note is `signInNote` for this site's origin with a nonce we issued and have
 * not seen used, before its expiry; signed by the account's key, or its auth address's when it
 * is rekeyed (read from algod).
 */
import algosdk from 'algosdk'
import { signInNote } from '@unica/schemas'
import {
  decodeSignedNote,
  signedNoteProblem,
  type SignedNoteProblem,
} from '../verify/signed-note.js'

/** What the note must look like to be read: `unica:sign_in:v1:<origin>:<nonce>:<expiry>`. */
const NOTE = /^unica:sign_in:v1:(.+):([0-9a-f]{32}):(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)$/

export interface ReadSignIn {
  readonly stxn: algosdk.SignedTransaction
  readonly account: string
  readonly origin: string
  readonly nonce: string
  readonly expiresAt: string
}

/** Decodes and reads the note; a string is the refusal's message. */
export function readSignIn(base64: string): ReadSignIn | string {
  const stxn = decodeSignedNote(base64)
  if (stxn === undefined) return 'Must be a base64 signed transaction.'
  const match = NOTE.exec(Buffer.from(stxn.txn.note).toString('utf8'))
  if (match === null) return 'The signed note is not a sign-in challenge of this site.'
  return {
    stxn,
    account: stxn.txn.sender.toString(),
    origin: match[1],
    nonce: match[2],
    expiresAt: match[3],
  }
}

const MESSAGES: Record<SignedNoteProblem, string> = {
  encoding: 'Must be a base64 signed transaction.',
  shape: 'Must be a 0-Algo payment from your account to itself on this network.',
  note: 'The signed note does not match the challenge.',
  signer: "Not signed by the account's key (or, for a rekeyed account, its auth address's).",
  'signature-kind': 'Must carry a single ed25519 signature.',
  signature: 'The signature is invalid.',
}

/** Undefined when the signature and shape are good; else the refusal's message. */
export function signInProblem(
  read: ReadSignIn,
  expect: {
    readonly origin: string
    readonly authAddress: string | undefined
    readonly genesisHash: string
    readonly currentRound: bigint
  },
): string | undefined {
  const { txn } = read.stxn
  // A transaction that could still be committed would spend a fee if relayed: refuse it.
  if (txn.lastValid >= txn.firstValid && txn.lastValid >= expect.currentRound) {
    return 'The sign-in transaction must be one that can never be sent (last valid round before the first, or past).'
  }
  const note = signInNote(expect.origin, read.nonce, read.expiresAt)
  const problem = signedNoteProblem(read.stxn, {
    account: read.account,
    authAddress: expect.authAddress,
    genesisHash: expect.genesisHash,
    note: (t) => Buffer.from(t.note).toString('utf8') === note,
  })
  return problem === undefined ? undefined : MESSAGES[problem]
}
