/** The manager's application arguments (docs/product.md §4): args[0] names the operation. */
import algosdk from 'algosdk'

export const OPERATION_ARGS = {
  ASK: 'S',
  BID: 'B',
  BUY_NOW: 'BN',
  SELL_NOW: 'SN',
} as const

export type Operation = keyof typeof OPERATION_ARGS

export const CONFIGURE_ARG = 'C'

const text = new TextEncoder()

export function arg(name: string): Uint8Array {
  return text.encode(name)
}

/** A trade call: the operation and the amount its signer agreed to, 8 bytes big-endian. */
export function tradeArgs(op: Operation, amount: bigint): Uint8Array[] {
  return [arg(OPERATION_ARGS[op]), algosdk.encodeUint64(amount)]
}
