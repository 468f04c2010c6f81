/**
 * The deploy screen's checklist (docs/product.md §2): asset created, contract deployed, setup
 * finished. A step is done when the asset's status says so, and carries its transaction and the
 * fees its group paid when this browser ran it (the chain flows report each confirmed step).
 */
import type { SetupProgress } from '@unica/contracts/flows'
import type { Asset } from '@unica/schemas'

type ChainStep = SetupProgress['step']

/** What a step the browser ran left: the transaction to link to, the group's fees. */
export interface StepRecord {
  readonly txId: string
  readonly fee: bigint
}

export type StepRecords = Partial<Record<ChainStep, StepRecord>>

export interface ChecklistItem {
  readonly step: ChainStep
  readonly label: string
  readonly done: boolean
  readonly record: StepRecord | null
}

const LABELS: readonly (readonly [ChainStep, string])[] = [
  ['create-asset', 'Asset created'],
  ['deploy', 'Contract deployed'],
  ['configure', 'Setup finished'],
]

function doneBy(step: ChainStep, status: Asset['status']): boolean {
  if (step === 'create-asset') return true // the backend holds the asset only once it exists
  if (step === 'deploy') return status !== 'DA'
  return status === 'RD'
}

export function checklist(status: Asset['status'], records: StepRecords): ChecklistItem[] {
  return LABELS.map(([step, label]) => {
    const record = records[step] ?? null
    return { step, label, done: record !== null || doneBy(step, status), record }
  })
}

/** The navigation state the create screen hands over: the creation it just confirmed. */
export interface CreatedState {
  readonly created: { readonly txId: string; readonly fee: string }
}

export function createdRecord(state: unknown): StepRecord | null {
  if (typeof state !== 'object' || state === null || !('created' in state)) return null
  const created = (state as Partial<CreatedState>).created
  if (typeof created?.txId !== 'string' || !/^\d+$/.test(created.fee)) return null
  return { txId: created.txId, fee: BigInt(created.fee) }
}
