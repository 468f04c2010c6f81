/**
 * The budgets a top-level group pools. Its own file because both sides of the host boundary name
 * it: EvalParams holds them, and the Ledger receives them with an inner caller (ledger.ts).
 */
/** Budgets pooled across a whole top-level group, inner groups included. */
export interface BudgetPools {
  /** Remaining application budget (700 per app call, inner ones added as they run). */
  app: number
  /** Remaining logic-sig budget (20,000 per transaction of the group). */
  lsig: number
  /** Inner transactions still allowed (256 for a group with any app call). */
  inners: number
}
