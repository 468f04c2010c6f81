/** The `block` opcode: fields of a recent block's header, within the transaction's view. */
import type { BlockHeader } from '../../ledger.js'
import { BLOCK_FIELDS } from '../../spec/fields.js'
import { fail } from '../errors.js'
import type { OpFamily } from '../handler.js'
import { availableRound, blockHeaderAt } from '../txn-field-values.js'
import type { StackValue } from '../value.js'

/** go-algorand also knows these (program version 13), so its messages name them. */
const LATER_BLOCK_FIELDS = [
  'BlkBranch512',
  'BlkSha512_256TxnCommitment',
  'BlkSha256TxnCommitment',
  'BlkSha512TxnCommitment',
]

/** go's stringer names: known fields by name, one past the last as `invalidBlockField`. */
function blockFieldName(field: number): string {
  const count = BLOCK_FIELDS.fields.length
  const known =
    field < count ? BLOCK_FIELDS.fields.at(field)?.name : LATER_BLOCK_FIELDS.at(field - count)
  if (known !== undefined) return known
  return field === count + LATER_BLOCK_FIELDS.length ? 'invalidBlockField' : `BlockField(${field})`
}

type BlockReader = (hdr: BlockHeader, round: bigint) => StackValue

const BLOCK: Readonly<Partial<Record<string, BlockReader>>> = {
  BlkSeed: (hdr) => hdr.seed,
  BlkTimestamp: (hdr, round) => {
    if (hdr.timestamp < 0n) fail(`block(${round}) timestamp ${hdr.timestamp} < 0`)
    return hdr.timestamp
  },
  BlkProposer: (hdr) => hdr.proposer,
  BlkFeesCollected: (hdr) => hdr.feesCollected,
  BlkBonus: (hdr) => hdr.bonus,
  BlkBranch: (hdr) => hdr.branch,
  BlkFeeSink: (hdr) => hdr.feeSink,
  BlkProtocol: (hdr) => hdr.protocol,
  BlkTxnCounter: (hdr) => hdr.txnCounter,
  BlkProposerPayout: (hdr) => hdr.proposerPayout,
}

export const GLOBAL_BLOCK_OPS: OpFamily = {
  block: (cx) => {
    // go-algorand checks the round before the field.
    const round = availableRound(cx.txn, cx.ep.proto.maxTxnLife, cx.popUint())
    const field = cx.imm(0)
    const fs = BLOCK_FIELDS.fields.at(field)
    if (fs === undefined || fs.version > cx.version) {
      fail(`invalid block field ${blockFieldName(field)}`)
    }
    const hdr = blockHeaderAt(cx.ep.ledger, round)
    const read = BLOCK[fs.name]
    if (read === undefined) fail(`invalid block field ${fs.name}`)
    cx.push(read(hdr, round))
  },
}
