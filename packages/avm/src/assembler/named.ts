/**
 * Named integer constants accepted by `int` (go-algorand's txnTypeMap and onCompletionMap):
 * transaction types by short and long name, and OnCompletion actions. Not version gated.
 */
const TXN_TYPES: readonly (readonly [string, string | undefined])[] = [
  ['unknown', undefined],
  ['pay', 'Payment'],
  ['keyreg', 'KeyRegistration'],
  ['acfg', 'AssetConfig'],
  ['axfer', 'AssetTransfer'],
  ['afrz', 'AssetFreeze'],
  ['appl', 'ApplicationCall'],
  ['stpf', 'State Proof'],
  ['hb', 'Consensus heartbeat'],
]

const TXN_TYPE_CONSTANTS: ReadonlyMap<string, bigint> = new Map(
  TXN_TYPES.flatMap(([short, long], i) => {
    const v = BigInt(i)
    return long ? [[short, v] as const, [long, v] as const] : [[short, v] as const]
  }),
)

const ON_COMPLETION_CONSTANTS: ReadonlyMap<string, bigint> = new Map(
  ['NoOp', 'OptIn', 'CloseOut', 'ClearState', 'UpdateApplication', 'DeleteApplication'].map(
    (name, i) => [name, BigInt(i)] as const,
  ),
)

export function namedIntConstant(name: string): bigint | undefined {
  return TXN_TYPE_CONSTANTS.get(name) ?? ON_COMPLETION_CONSTANTS.get(name)
}
