/** Evaluating the description's amount rules and conditions on known terms. */
import { royaltyCut } from '../royalty.js'
import {
  SHARE_TERMS,
  type AmountRule,
  type Comparison,
  type Condition,
  type Payout,
  type Term,
} from './spec.js'

export type Terms = Partial<Record<Term, bigint>>

/** The amount a rule gives, or undefined when a term it needs is unknown. */
export function amountOf(rule: AmountRule, terms: Terms): bigint | undefined {
  switch (rule.kind) {
    case 'constant':
      return rule.value
    case 'term':
      return terms[rule.term]
    case 'difference': {
      const a = terms[rule.of]
      const b = terms[rule.minus]
      return a === undefined || b === undefined ? undefined : a - b
    }
    case 'royalty': {
      const { amount, royaltyDue } = terms
      const share = terms[rule.share]
      if (amount === undefined || royaltyDue === undefined || share === undefined) return undefined
      return royaltyDue === 0n ? 0n : royaltyCut(amount, share)
    }
    case 'net': {
      const cuts = SHARE_TERMS.map((share) => amountOf({ kind: 'royalty', share }, terms))
      if (terms.amount === undefined || cuts.includes(undefined)) return undefined
      return cuts.reduce<bigint>((rest, cut) => rest - cut!, terms.amount)
    }
  }
}

/**
 * The royalty cuts a seller's net tells, all together, when the shares are not known: what the
 * `net` rule above took from the amount.
 */
export const cutsOfNet = (amount: bigint, net: bigint): bigint | null =>
  net > amount ? null : amount - net

/**
 * Learns the unknown term of a rule from an observed amount (a deposit of new - current tells the
 * current bid). False when the amount contradicts terms already known.
 */
export function learn(rule: AmountRule, observed: bigint, terms: Terms): boolean {
  const expected = amountOf(rule, terms)
  if (expected !== undefined) return expected === observed
  if (rule.kind === 'term') terms[rule.term] = observed
  else if (rule.kind === 'difference') {
    if (terms[rule.of] !== undefined) terms[rule.minus] = terms[rule.of]! - observed
    else if (terms[rule.minus] !== undefined) terms[rule.of] = observed + terms[rule.minus]!
    else return true // two unknowns: nothing to learn, nothing contradicted
  }
  // A royalty or a seller's net with a share unknown: nothing to learn, nothing contradicted.
  return true
}

function compare(a: bigint, op: Comparison, b: bigint): boolean {
  switch (op) {
    case '=':
      return a === b
    case '<':
      return a < b
    case '<=':
      return a <= b
    case '>':
      return a > b
    case '>=':
      return a >= b
  }
}

/** Whether a condition holds; undefined when a term it needs is unknown. */
export function holds(c: Condition, terms: Terms): boolean | undefined {
  const left = terms[c[0]]
  const right = typeof c[2] === 'bigint' ? c[2] : terms[c[2]]
  return left === undefined || right === undefined ? undefined : compare(left, c[1], right)
}

/** Every condition holds (unknown terms fail). */
export const allHold = (cs: readonly Condition[], terms: Terms): boolean =>
  cs.every((c) => holds(c, terms) === true)

/** No condition is known to fail (unknown terms pass): what a reader can check. */
export const noneFails = (cs: readonly Condition[], terms: Terms): boolean =>
  cs.every((c) => holds(c, terms) !== false)

/** The payouts a call makes on these terms (each one's `when` must hold). */
export const payoutsOn = (payouts: readonly Payout[], terms: Terms): Payout[] =>
  payouts.filter((p) => allHold(p.when ?? [], terms))
