/**
 * What every explorer page reads (the chain's current state and the indexer's index that follows
 * it), the error a page throws for bad or unknown ids, and the parsing of path parameters (all
 * hostile: anything malformed is a 400, anything unknown a 404).
 */
import { isValidAddress } from 'algosdk'
import type { Chain } from '../chain/types.js'
import type { IndexFollower } from '../indexer/follower.js'
import { formatUnits } from './format.js'

export interface ExplorerContext {
  readonly chain: Chain
  readonly index: IndexFollower
}

/** A page-level failure shown as an HTML error page with this status. */
export class ExplorerError extends Error {
  constructor(
    readonly statusCode: 400 | 404,
    message: string,
  ) {
    super(message)
  }
}

const MAX_UINT64 = (1n << 64n) - 1n

/** Input echoed in messages is cut short (it is escaped anyway). */
export function quote(input: string): string {
  return JSON.stringify(input.length > 80 ? `${input.slice(0, 80)}…` : input)
}

/** An asset, application or round number: decimal digits within uint64. */
export function parseUint(kind: string, input: string | undefined): bigint {
  const text = input ?? ''
  if (!/^\d{1,20}$/.test(text) || BigInt(text) > MAX_UINT64) {
    throw new ExplorerError(400, `${quote(text)} is not a valid ${kind} (a number up to 2^64-1)`)
  }
  return BigInt(text)
}

export function isTxid(text: string): boolean {
  return /^[A-Z2-7]{52}$/.test(text)
}

export function parseTxid(input: string | undefined): string {
  const text = input ?? ''
  if (!isTxid(text)) {
    throw new ExplorerError(400, `${quote(text)} is not a transaction id (52 base32 characters)`)
  }
  return text
}

export function parseAddress(input: string | undefined): string {
  const text = input ?? ''
  if (text.length !== 58 || !isValidAddress(text)) {
    throw new ExplorerError(400, `${quote(text)} is not a valid Algorand address`)
  }
  return text
}

export interface AssetFacts {
  readonly decimals: number
  readonly unit: string
  readonly name: string
}

/**
 * Asset decimals and labels for formatting amounts, looked up once per page. A destroyed asset
 * has no params left: its amounts are shown in base units.
 */
export class AssetLabels {
  private readonly cache = new Map<bigint, AssetFacts | undefined>()

  constructor(private readonly chain: Chain) {}

  get(id: bigint): AssetFacts | undefined {
    if (this.cache.has(id)) return this.cache.get(id)
    const params = this.chain.asset(id)?.params
    const facts =
      params === undefined
        ? undefined
        : { decimals: params.decimals, unit: params.unitName ?? '', name: params.name ?? '' }
    this.cache.set(id, facts)
    return facts
  }

  /** An asset amount scaled by its decimals, with its unit name. */
  amount(id: bigint, units: bigint): string {
    const facts = this.get(id)
    if (facts === undefined) return `${formatUnits(units, 0)} base units`
    const unit = facts.unit === '' ? '' : ` ${facts.unit}`
    return `${formatUnits(units, facts.decimals)}${unit}`
  }
}
