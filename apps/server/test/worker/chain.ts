/**
 * The worker tests' chain: the contracts package's devnet harness (builders signed with real keys,
 * sent through algod's REST API), plus `blobOf`, which hands a signed group to send_tx as a wallet
 * would.
 */
import { Harness, signWith, type Account } from '@unica/contracts/testing'

export { Harness, signWith, type Account }

/** The base64 blob a wallet's signed group becomes in send_tx: the signed bytes concatenated. */
export function blobOf(signed: readonly Uint8Array[]): string {
  return Buffer.concat(signed).toString('base64')
}
