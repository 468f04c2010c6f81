/**
 * Participation keys of the online genesis wallets. LocalNet's network template (AlgoKit's
 * `algod_network_template.json`, go-algorand docker/files/run/devmode_template.json) makes its
 * genesis wallets `"Online": true`, and `goal network create` (gen/generate.go) then writes each
 * one into genesis.json with `onl: 1` and the public half of a fresh participation key: `vote`
 * (the one-time-signature root, ed25519), `sel` (the VRF key), `stprf` (the state-proof Merkle
 * commitment, 64 bytes), `voteFst`, `voteLst` and `voteKD`.
 *
 * Nobody votes on this devnet, so the keys only have to be stable: `vote` and `sel` are the
 * ed25519 public keys of seeds SHA-256("unica-devnet/vote/" + NAME) and
 * SHA-256("unica-devnet/selection/" + NAME) (libsodium's VRF derives its public key from a seed
 * exactly as ed25519 does), and `stprf` is SHA-512("unica-devnet/state-proof/" + NAME): 64 bytes
 * in the commitment's place, not the root of a real Falcon key tree.
 */
import { createHash } from 'node:crypto'
import type { GenesisParticipation } from '../chain/types.js'
import { keyFromSeed } from './keys.js'

/** LocalNet's FirstPartKeyRound. */
const GENESIS_VOTE_FIRST = 0n
/**
 * The longest voting range a key registration may have (consensus v31+ MaxKeyregValidPeriod,
 * 256 * 2^16 - 1; data/transactions/keyreg.go checks VoteLast - VoteFirst against it). LocalNet
 * uses 30,000 rounds, after which go's block evaluator marks the wallets expired and offline;
 * a devnet kept under `--data` must keep its dispenser online far longer than that.
 */
const GENESIS_VOTE_LAST = 256n * (1n << 16n) - 1n
/** The protocol's DefaultKeyDilution (config/consensus.go), which gen/generate.go uses. */
const GENESIS_VOTE_KEY_DILUTION = 10_000n

function sha(algorithm: 'sha256' | 'sha512', text: string): Uint8Array {
  return new Uint8Array(createHash(algorithm).update(text).digest())
}

export function genesisParticipation(name: string): GenesisParticipation {
  return {
    votePk: keyFromSeed(sha('sha256', `unica-devnet/vote/${name}`)).publicKey,
    selectionPk: keyFromSeed(sha('sha256', `unica-devnet/selection/${name}`)).publicKey,
    stateProofPk: sha('sha512', `unica-devnet/state-proof/${name}`),
    voteFirst: GENESIS_VOTE_FIRST,
    voteLast: GENESIS_VOTE_LAST,
    voteKeyDilution: GENESIS_VOTE_KEY_DILUTION,
  }
}

/**
 * genesis.json's `state` fields of an online account, in go's canonical (sorted) key order, zero
 * values omitted as go's `omitempty` does. `bytes` turns a key into its encoded form: raw for
 * msgpack (the hash), base64 for JSON (GET /genesis).
 */
export function participationFields<B>(
  p: GenesisParticipation,
  bytes: (b: Uint8Array) => B,
): [string, B | bigint][] {
  const fields: [string, B | bigint][] = [
    ['sel', bytes(p.selectionPk)],
    ['stprf', bytes(p.stateProofPk)],
    ['vote', bytes(p.votePk)],
    ['voteFst', p.voteFirst],
    ['voteKD', p.voteKeyDilution],
    ['voteLst', p.voteLast],
  ]
  return fields.filter(([, v]) => v !== 0n)
}
