/**
 * What every builder returns: an unsigned group (group id assigned), who signs each transaction,
 * and the fees it really pays. Fees are flat multiples of the network's minimum fee: each
 * transaction pays its own fee plus the inner transactions it makes the escrow send, so the
 * escrow and the proxy never pay a fee themselves.
 */
import algosdk from 'algosdk'
import {
  boundProxyProgram,
  proxyProgram,
  type BoundProxyVersion,
  type ProgramVersion,
} from '../programs/index.js'
import { HELD_BOX_PREFIX } from '../protocol.js'
import type { Royalty } from '../royalty.js'

export type Signer =
  | { readonly kind: 'wallet'; readonly address: string }
  /**
   * The proxy's logic sig; `creator` set for a proxy bound to its creator (v2, v3; `version` 2
   * when unset).
   */
  | {
      readonly kind: 'proxy'
      readonly proxyId: number
      readonly creator?: string
      readonly version?: BoundProxyVersion
    }

export interface UnsignedGroup {
  readonly txns: readonly algosdk.Transaction[]
  readonly signers: readonly Signer[]
  /** Sum of the group's fees in microAlgos. */
  readonly fee: bigint
}

/** The part of algod's suggested params the builders use (algosdk's SuggestedParams). */
export type ChainParams = algosdk.SuggestedParams

/** The manager application of one NFT. */
export interface Market {
  readonly appId: bigint
  readonly nftId: bigint
  readonly usdcId: bigint
  /** The contract version the app was deployed with (1 when unset). */
  readonly version?: ProgramVersion
  /** v2: the creator C and the royalty split fixed at configuration (a sale's payouts). */
  readonly royalty?: Royalty & { readonly creator: string }
}

export function escrowAddress(appId: bigint): string {
  return algosdk.getApplicationAddress(appId).toString()
}

/** Suggested params with a flat fee of `multiple` minimum fees. */
export function withFee(params: ChainParams, multiple: number): ChainParams {
  return { ...params, flatFee: true, fee: BigInt(params.minFee) * BigInt(multiple) }
}

/** The proxy address of a proxy id (of v2's, or `version`'s, proxy bound to `creator` when given). */
export function proxyAddress(
  proxyId: number,
  creator?: string,
  version: BoundProxyVersion = 2,
): string {
  const p =
    creator === undefined ? proxyProgram(proxyId) : boundProxyProgram(proxyId, creator, version)
  return p.hash
}

export const wallet = (address: string): Signer => ({ kind: 'wallet', address })

/** Assigns the group id (for two or more) and totals the fees. */
export function group(txns: algosdk.Transaction[], signers: Signer[]): UnsignedGroup {
  if (txns.length > 1) algosdk.assignGroupID(txns)
  return { txns, signers, fee: txns.reduce((sum, t) => sum + t.fee, 0n) }
}

/** The box reference of a bidder's bid (app 0 = the called app). */
export function bidBox(bidder: string): algosdk.BoxReference {
  return { appIndex: 0, name: algosdk.decodeAddress(bidder).publicKey }
}

/** The box reference of an account's held refund (v3): key "a" + the address. */
export function heldBox(account: string): algosdk.BoxReference {
  return { appIndex: 0, name: heldBoxKey(account) }
}

export function heldBoxKey(account: string): Uint8Array {
  return new Uint8Array([
    ...new TextEncoder().encode(HELD_BOX_PREFIX),
    ...algosdk.decodeAddress(account).publicKey,
  ])
}

export function requirePositive(name: string, value: bigint): void {
  if (value <= 0n) throw new RangeError(`${name} must be positive`)
}

export function requireNonNegative(name: string, value: bigint): void {
  if (value < 0n) throw new RangeError(`${name} must not be negative`)
}
