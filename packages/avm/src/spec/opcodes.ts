/**
 * The opcode table: one row per opcode and per version in which its definition changed.
 * Assembler, disassembler and evaluator all read it; nothing else lists opcodes.
 *
 * Facts (byte, name, first version, prototype, cost, immediates, modes) follow go-algorand's
 * `data/transactions/logic/opcodes.go`, as published in its `langspec_v1..12.json`; the test
 * `opcodes.test.ts` checks every row against those files. A changed opcode is a second row with a
 * higher `version`, exactly as go-algorand does it.
 */
import { MAX_VERSION } from './versions.js'
import { parseProto, type StackType } from './types.js'

/** How an immediate is encoded in bytecode. */
export type ImmKind =
  | 'uint8' // one byte
  | 'int8' // one signed byte
  | 'label' // int16 big-endian branch offset
  | 'varuint' // uvarint
  | 'bytes' // uvarint length, bytes
  | 'varuints' // uvarint count, uvarints
  | 'bytess' // uvarint count, (uvarint length, bytes)...
  | 'labels' // uint8 count, int16 offsets

/** The field table an immediate indexes (see fields.ts). */
export type FieldGroupName =
  | 'txn'
  | 'txna'
  | 'itxnField'
  | 'global'
  | 'assetHolding'
  | 'assetParams'
  | 'appParams'
  | 'acctParams'
  | 'voterParams'
  | 'block'
  | 'ecdsa'
  | 'base64'
  | 'jsonRef'
  | 'vrf'
  | 'ecGroup'
  | 'mimc'

export interface Immediate {
  readonly name: string
  readonly kind: ImmKind
  readonly group?: FieldGroupName
}

/** base + per * ceil(len(arg) / chunk); `arg` names a stack argument, A being the deepest. */
export interface LinearCost {
  readonly base: number
  readonly per: number
  readonly chunk: number
  readonly arg: string
}

export type OpCost =
  | number
  | { readonly byLength: LinearCost }
  | { readonly byField: Readonly<Partial<Record<string, number | LinearCost>>> }

export type RunMode = 'sig' | 'app' | 'any'

interface OpRow {
  readonly opcode: number
  readonly name: string
  readonly version: number
  /** Compact prototype, `args:returns` (see parseProto); absent for ops that shape the stack themselves. */
  readonly proto?: string
  readonly cost?: OpCost
  readonly imms?: readonly Immediate[]
  readonly modes?: RunMode
  /** The stack effect depends on immediates or data: the loop checks args but not the effect. */
  readonly trusted?: true
}

export interface OpSpec {
  readonly opcode: number
  readonly name: string
  /** First version this row applies to. */
  readonly version: number
  readonly args: readonly StackType[]
  readonly returns: readonly StackType[]
  /** False for ops whose stack effect depends on immediates or state (dupn, callsub, ...). */
  readonly hasProto: boolean
  /** Arguments are checked against the prototype, but the resulting stack effect is not. */
  readonly trusted: boolean
  readonly cost: OpCost
  readonly imms: readonly Immediate[]
  readonly modes: RunMode
  /** Bytes the instruction occupies, immediates included; 0 when it varies. */
  readonly size: number
}

// prettier-ignore
const ROWS: readonly OpRow[] = [
  { opcode: 0x00, name: 'err', version: 1 },
  { opcode: 0x01, name: 'sha256', version: 1, proto: 'b:b32', cost: 7 },
  { opcode: 0x01, name: 'sha256', version: 2, proto: 'b:b32', cost: 35 },
  { opcode: 0x02, name: 'keccak256', version: 1, proto: 'b:b32', cost: 26 },
  { opcode: 0x02, name: 'keccak256', version: 2, proto: 'b:b32', cost: 130 },
  { opcode: 0x03, name: 'sha512_256', version: 1, proto: 'b:b32', cost: 9 },
  { opcode: 0x03, name: 'sha512_256', version: 2, proto: 'b:b32', cost: 45 },
  { opcode: 0x04, name: 'ed25519verify', version: 1, proto: 'b b64 b32:T', cost: 1900, modes: 'sig' },
  { opcode: 0x04, name: 'ed25519verify', version: 5, proto: 'b b64 b32:T', cost: 1900 },
  { opcode: 0x05, name: 'ecdsa_verify', version: 5, proto: 'b32 b32 b32 b32 b32:T', cost: { byField: { Secp256k1: 1700 } }, imms: [{ name: 'V', kind: 'uint8', group: 'ecdsa' }] },
  { opcode: 0x05, name: 'ecdsa_verify', version: 7, proto: 'b32 b32 b32 b32 b32:T', cost: { byField: { Secp256k1: 1700, Secp256r1: 2500 } }, imms: [{ name: 'V', kind: 'uint8', group: 'ecdsa' }] },
  { opcode: 0x06, name: 'ecdsa_pk_decompress', version: 5, proto: 'b33:b32 b32', cost: { byField: { Secp256k1: 650 } }, imms: [{ name: 'V', kind: 'uint8', group: 'ecdsa' }] },
  { opcode: 0x06, name: 'ecdsa_pk_decompress', version: 7, proto: 'b33:b32 b32', cost: { byField: { Secp256k1: 650, Secp256r1: 2400 } }, imms: [{ name: 'V', kind: 'uint8', group: 'ecdsa' }] },
  { opcode: 0x07, name: 'ecdsa_pk_recover', version: 5, proto: 'b32 i b32 b32:b32 b32', cost: 2000, imms: [{ name: 'V', kind: 'uint8', group: 'ecdsa' }] },
  { opcode: 0x08, name: '+', version: 1, proto: 'i i:i' },
  { opcode: 0x09, name: '-', version: 1, proto: 'i i:i' },
  { opcode: 0x0a, name: '/', version: 1, proto: 'i i:i' },
  { opcode: 0x0b, name: '*', version: 1, proto: 'i i:i' },
  { opcode: 0x0c, name: '<', version: 1, proto: 'i i:T' },
  { opcode: 0x0d, name: '>', version: 1, proto: 'i i:T' },
  { opcode: 0x0e, name: '<=', version: 1, proto: 'i i:T' },
  { opcode: 0x0f, name: '>=', version: 1, proto: 'i i:T' },
  { opcode: 0x10, name: '&&', version: 1, proto: 'i i:T' },
  { opcode: 0x11, name: '||', version: 1, proto: 'i i:T' },
  { opcode: 0x12, name: '==', version: 1, proto: 'a a:T' },
  { opcode: 0x13, name: '!=', version: 1, proto: 'a a:T' },
  { opcode: 0x14, name: '!', version: 1, proto: 'i:i' },
  { opcode: 0x15, name: 'len', version: 1, proto: 'b:i' },
  { opcode: 0x16, name: 'itob', version: 1, proto: 'i:b8' },
  { opcode: 0x17, name: 'btoi', version: 1, proto: 'b:i' },
  { opcode: 0x18, name: '%', version: 1, proto: 'i i:i' },
  { opcode: 0x19, name: '|', version: 1, proto: 'i i:i' },
  { opcode: 0x1a, name: '&', version: 1, proto: 'i i:i' },
  { opcode: 0x1b, name: '^', version: 1, proto: 'i i:i' },
  { opcode: 0x1c, name: '~', version: 1, proto: 'i:i' },
  { opcode: 0x1d, name: 'mulw', version: 1, proto: 'i i:i i' },
  { opcode: 0x1e, name: 'addw', version: 2, proto: 'i i:i i' },
  { opcode: 0x1f, name: 'divmodw', version: 4, proto: 'i i i i:i i i i', cost: 20 },
  { opcode: 0x20, name: 'intcblock', version: 1, imms: [{ name: 'UINT ...', kind: 'varuints' }] },
  { opcode: 0x21, name: 'intc', version: 1, proto: ':i', imms: [{ name: 'I', kind: 'uint8' }] },
  { opcode: 0x22, name: 'intc_0', version: 1, proto: ':i' },
  { opcode: 0x23, name: 'intc_1', version: 1, proto: ':i' },
  { opcode: 0x24, name: 'intc_2', version: 1, proto: ':i' },
  { opcode: 0x25, name: 'intc_3', version: 1, proto: ':i' },
  { opcode: 0x26, name: 'bytecblock', version: 1, imms: [{ name: 'BYTES ...', kind: 'bytess' }] },
  { opcode: 0x27, name: 'bytec', version: 1, proto: ':b', imms: [{ name: 'I', kind: 'uint8' }] },
  { opcode: 0x28, name: 'bytec_0', version: 1, proto: ':b' },
  { opcode: 0x29, name: 'bytec_1', version: 1, proto: ':b' },
  { opcode: 0x2a, name: 'bytec_2', version: 1, proto: ':b' },
  { opcode: 0x2b, name: 'bytec_3', version: 1, proto: ':b' },
  { opcode: 0x2c, name: 'arg', version: 1, proto: ':b', imms: [{ name: 'N', kind: 'uint8' }], modes: 'sig' },
  { opcode: 0x2d, name: 'arg_0', version: 1, proto: ':b', modes: 'sig' },
  { opcode: 0x2e, name: 'arg_1', version: 1, proto: ':b', modes: 'sig' },
  { opcode: 0x2f, name: 'arg_2', version: 1, proto: ':b', modes: 'sig' },
  { opcode: 0x30, name: 'arg_3', version: 1, proto: ':b', modes: 'sig' },
  { opcode: 0x31, name: 'txn', version: 1, proto: ':a', imms: [{ name: 'F', kind: 'uint8', group: 'txn' }] },
  { opcode: 0x32, name: 'global', version: 1, proto: ':a', imms: [{ name: 'F', kind: 'uint8', group: 'global' }] },
  { opcode: 0x33, name: 'gtxn', version: 1, proto: ':a', imms: [{ name: 'T', kind: 'uint8' }, { name: 'F', kind: 'uint8', group: 'txn' }] },
  { opcode: 0x34, name: 'load', version: 1, proto: ':a', imms: [{ name: 'I', kind: 'uint8' }] },
  { opcode: 0x35, name: 'store', version: 1, proto: 'a:', imms: [{ name: 'I', kind: 'uint8' }] },
  { opcode: 0x36, name: 'txna', version: 2, proto: ':a', imms: [{ name: 'F', kind: 'uint8', group: 'txna' }, { name: 'I', kind: 'uint8' }] },
  { opcode: 0x37, name: 'gtxna', version: 2, proto: ':a', imms: [{ name: 'T', kind: 'uint8' }, { name: 'F', kind: 'uint8', group: 'txna' }, { name: 'I', kind: 'uint8' }] },
  { opcode: 0x38, name: 'gtxns', version: 3, proto: 'i:a', imms: [{ name: 'F', kind: 'uint8', group: 'txn' }] },
  { opcode: 0x39, name: 'gtxnsa', version: 3, proto: 'i:a', imms: [{ name: 'F', kind: 'uint8', group: 'txna' }, { name: 'I', kind: 'uint8' }] },
  { opcode: 0x3a, name: 'gload', version: 4, proto: ':a', imms: [{ name: 'T', kind: 'uint8' }, { name: 'I', kind: 'uint8' }], modes: 'app' },
  { opcode: 0x3b, name: 'gloads', version: 4, proto: 'i:a', imms: [{ name: 'I', kind: 'uint8' }], modes: 'app' },
  { opcode: 0x3c, name: 'gaid', version: 4, proto: ':i', imms: [{ name: 'T', kind: 'uint8' }], modes: 'app' },
  { opcode: 0x3d, name: 'gaids', version: 4, proto: 'i:i', modes: 'app' },
  { opcode: 0x3e, name: 'loads', version: 5, proto: 'i:a' },
  { opcode: 0x3f, name: 'stores', version: 5, proto: 'i a:' },
  { opcode: 0x40, name: 'bnz', version: 1, proto: 'i:', imms: [{ name: 'TARGET', kind: 'label' }] },
  { opcode: 0x41, name: 'bz', version: 2, proto: 'i:', imms: [{ name: 'TARGET', kind: 'label' }] },
  { opcode: 0x42, name: 'b', version: 2, imms: [{ name: 'TARGET', kind: 'label' }] },
  { opcode: 0x43, name: 'return', version: 2, proto: 'i:' },
  { opcode: 0x44, name: 'assert', version: 3, proto: 'i:' },
  { opcode: 0x45, name: 'bury', version: 8, proto: 'a:', imms: [{ name: 'N', kind: 'uint8' }] },
  { opcode: 0x46, name: 'popn', version: 8, imms: [{ name: 'N', kind: 'uint8' }] },
  { opcode: 0x47, name: 'dupn', version: 8, proto: 'a:', imms: [{ name: 'N', kind: 'uint8' }], trusted: true },
  { opcode: 0x48, name: 'pop', version: 1, proto: 'a:' },
  { opcode: 0x49, name: 'dup', version: 1, proto: 'a:a a' },
  { opcode: 0x4a, name: 'dup2', version: 2, proto: 'a a:a a a a' },
  { opcode: 0x4b, name: 'dig', version: 3, proto: 'a:a a', imms: [{ name: 'N', kind: 'uint8' }] },
  { opcode: 0x4c, name: 'swap', version: 3, proto: 'a a:a a' },
  { opcode: 0x4d, name: 'select', version: 3, proto: 'a a i:a' },
  { opcode: 0x4e, name: 'cover', version: 5, proto: 'a:a', imms: [{ name: 'N', kind: 'uint8' }] },
  { opcode: 0x4f, name: 'uncover', version: 5, proto: 'a:a', imms: [{ name: 'N', kind: 'uint8' }] },
  { opcode: 0x50, name: 'concat', version: 2, proto: 'b b:b' },
  { opcode: 0x51, name: 'substring', version: 2, proto: 'b:b', imms: [{ name: 'S', kind: 'uint8' }, { name: 'E', kind: 'uint8' }] },
  { opcode: 0x52, name: 'substring3', version: 2, proto: 'b i i:b' },
  { opcode: 0x53, name: 'getbit', version: 3, proto: 'a i:i' },
  { opcode: 0x54, name: 'setbit', version: 3, proto: 'a i i:a' },
  { opcode: 0x55, name: 'getbyte', version: 3, proto: 'b i:i' },
  { opcode: 0x56, name: 'setbyte', version: 3, proto: 'b i i:b' },
  { opcode: 0x57, name: 'extract', version: 5, proto: 'b:b', imms: [{ name: 'S', kind: 'uint8' }, { name: 'L', kind: 'uint8' }] },
  { opcode: 0x58, name: 'extract3', version: 5, proto: 'b i i:b' },
  { opcode: 0x59, name: 'extract_uint16', version: 5, proto: 'b i:i' },
  { opcode: 0x5a, name: 'extract_uint32', version: 5, proto: 'b i:i' },
  { opcode: 0x5b, name: 'extract_uint64', version: 5, proto: 'b i:i' },
  { opcode: 0x5c, name: 'replace2', version: 7, proto: 'b b:b', imms: [{ name: 'S', kind: 'uint8' }] },
  { opcode: 0x5d, name: 'replace3', version: 7, proto: 'b i b:b' },
  { opcode: 0x5e, name: 'base64_decode', version: 7, proto: 'b:b', cost: { byLength: { base: 1, per: 1, chunk: 16, arg: 'A' } }, imms: [{ name: 'E', kind: 'uint8', group: 'base64' }] },
  { opcode: 0x5f, name: 'json_ref', version: 7, proto: 'b b:a', cost: { byLength: { base: 25, per: 2, chunk: 7, arg: 'A' } }, imms: [{ name: 'R', kind: 'uint8', group: 'jsonRef' }] },
  { opcode: 0x60, name: 'balance', version: 2, proto: 'i:i', modes: 'app' },
  { opcode: 0x60, name: 'balance', version: 4, proto: 'a:i', modes: 'app' },
  { opcode: 0x61, name: 'app_opted_in', version: 2, proto: 'i i:T', modes: 'app' },
  { opcode: 0x61, name: 'app_opted_in', version: 4, proto: 'a i:T', modes: 'app' },
  { opcode: 0x62, name: 'app_local_get', version: 2, proto: 'i K:a', modes: 'app' },
  { opcode: 0x62, name: 'app_local_get', version: 4, proto: 'a K:a', modes: 'app' },
  { opcode: 0x63, name: 'app_local_get_ex', version: 2, proto: 'i i K:a T', modes: 'app' },
  { opcode: 0x63, name: 'app_local_get_ex', version: 4, proto: 'a i K:a T', modes: 'app' },
  { opcode: 0x64, name: 'app_global_get', version: 2, proto: 'K:a', modes: 'app' },
  { opcode: 0x65, name: 'app_global_get_ex', version: 2, proto: 'i K:a T', modes: 'app' },
  { opcode: 0x66, name: 'app_local_put', version: 2, proto: 'i K a:', modes: 'app' },
  { opcode: 0x66, name: 'app_local_put', version: 4, proto: 'a K a:', modes: 'app' },
  { opcode: 0x67, name: 'app_global_put', version: 2, proto: 'K a:', modes: 'app' },
  { opcode: 0x68, name: 'app_local_del', version: 2, proto: 'i K:', modes: 'app' },
  { opcode: 0x68, name: 'app_local_del', version: 4, proto: 'a K:', modes: 'app' },
  { opcode: 0x69, name: 'app_global_del', version: 2, proto: 'K:', modes: 'app' },
  { opcode: 0x70, name: 'asset_holding_get', version: 2, proto: 'i i:a T', imms: [{ name: 'F', kind: 'uint8', group: 'assetHolding' }], modes: 'app' },
  { opcode: 0x70, name: 'asset_holding_get', version: 4, proto: 'a i:a T', imms: [{ name: 'F', kind: 'uint8', group: 'assetHolding' }], modes: 'app' },
  { opcode: 0x71, name: 'asset_params_get', version: 2, proto: 'i:a T', imms: [{ name: 'F', kind: 'uint8', group: 'assetParams' }], modes: 'app' },
  { opcode: 0x72, name: 'app_params_get', version: 5, proto: 'i:a T', imms: [{ name: 'F', kind: 'uint8', group: 'appParams' }], modes: 'app' },
  { opcode: 0x73, name: 'acct_params_get', version: 6, proto: 'a:a T', imms: [{ name: 'F', kind: 'uint8', group: 'acctParams' }], modes: 'app' },
  { opcode: 0x74, name: 'voter_params_get', version: 11, proto: 'a:a T', imms: [{ name: 'F', kind: 'uint8', group: 'voterParams' }], modes: 'app' },
  { opcode: 0x75, name: 'online_stake', version: 11, proto: ':i', modes: 'app' },
  { opcode: 0x78, name: 'min_balance', version: 3, proto: 'i:i', modes: 'app' },
  { opcode: 0x78, name: 'min_balance', version: 4, proto: 'a:i', modes: 'app' },
  { opcode: 0x80, name: 'pushbytes', version: 3, proto: ':b', imms: [{ name: 'BYTES', kind: 'bytes' }] },
  { opcode: 0x81, name: 'pushint', version: 3, proto: ':i', imms: [{ name: 'UINT', kind: 'varuint' }] },
  { opcode: 0x82, name: 'pushbytess', version: 8, imms: [{ name: 'BYTES ...', kind: 'bytess' }] },
  { opcode: 0x83, name: 'pushints', version: 8, imms: [{ name: 'UINT ...', kind: 'varuints' }] },
  { opcode: 0x84, name: 'ed25519verify_bare', version: 7, proto: 'b b64 b32:T', cost: 1900 },
  { opcode: 0x85, name: 'falcon_verify', version: 12, proto: 'b b b1793:T', cost: 1700 },
  { opcode: 0x88, name: 'callsub', version: 4, imms: [{ name: 'TARGET', kind: 'label' }] },
  { opcode: 0x89, name: 'retsub', version: 4 },
  { opcode: 0x8a, name: 'proto', version: 8, imms: [{ name: 'A', kind: 'uint8' }, { name: 'R', kind: 'uint8' }] },
  { opcode: 0x8b, name: 'frame_dig', version: 8, proto: ':a', imms: [{ name: 'I', kind: 'int8' }] },
  { opcode: 0x8c, name: 'frame_bury', version: 8, proto: 'a:', imms: [{ name: 'I', kind: 'int8' }] },
  { opcode: 0x8d, name: 'switch', version: 8, proto: 'i:', imms: [{ name: 'TARGET ...', kind: 'labels' }] },
  { opcode: 0x8e, name: 'match', version: 8, proto: 'a:', imms: [{ name: 'TARGET ...', kind: 'labels' }], trusted: true },
  { opcode: 0x90, name: 'shl', version: 4, proto: 'i i:i' },
  { opcode: 0x91, name: 'shr', version: 4, proto: 'i i:i' },
  { opcode: 0x92, name: 'sqrt', version: 4, proto: 'i:i', cost: 4 },
  { opcode: 0x93, name: 'bitlen', version: 4, proto: 'a:i' },
  { opcode: 0x94, name: 'exp', version: 4, proto: 'i i:i' },
  { opcode: 0x95, name: 'expw', version: 4, proto: 'i i:i i', cost: 10 },
  { opcode: 0x96, name: 'bsqrt', version: 6, proto: 'I:I', cost: 40 },
  { opcode: 0x97, name: 'divw', version: 6, proto: 'i i i:i' },
  { opcode: 0x98, name: 'sha3_256', version: 7, proto: 'b:b32', cost: 130 },
  { opcode: 0xa0, name: 'b+', version: 4, proto: 'I I:b', cost: 10 },
  { opcode: 0xa1, name: 'b-', version: 4, proto: 'I I:I', cost: 10 },
  { opcode: 0xa2, name: 'b/', version: 4, proto: 'I I:I', cost: 20 },
  { opcode: 0xa3, name: 'b*', version: 4, proto: 'I I:b', cost: 20 },
  { opcode: 0xa4, name: 'b<', version: 4, proto: 'I I:T' },
  { opcode: 0xa5, name: 'b>', version: 4, proto: 'I I:T' },
  { opcode: 0xa6, name: 'b<=', version: 4, proto: 'I I:T' },
  { opcode: 0xa7, name: 'b>=', version: 4, proto: 'I I:T' },
  { opcode: 0xa8, name: 'b==', version: 4, proto: 'I I:T' },
  { opcode: 0xa9, name: 'b!=', version: 4, proto: 'I I:T' },
  { opcode: 0xaa, name: 'b%', version: 4, proto: 'I I:I', cost: 20 },
  { opcode: 0xab, name: 'b|', version: 4, proto: 'b b:b', cost: 6 },
  { opcode: 0xac, name: 'b&', version: 4, proto: 'b b:b', cost: 6 },
  { opcode: 0xad, name: 'b^', version: 4, proto: 'b b:b', cost: 6 },
  { opcode: 0xae, name: 'b~', version: 4, proto: 'b:b', cost: 4 },
  { opcode: 0xaf, name: 'bzero', version: 4, proto: 'i:b' },
  { opcode: 0xb0, name: 'log', version: 5, proto: 'b:', modes: 'app' },
  { opcode: 0xb1, name: 'itxn_begin', version: 5, modes: 'app' },
  { opcode: 0xb2, name: 'itxn_field', version: 5, proto: 'a:', imms: [{ name: 'F', kind: 'uint8', group: 'itxnField' }], modes: 'app' },
  { opcode: 0xb3, name: 'itxn_submit', version: 5, modes: 'app' },
  { opcode: 0xb4, name: 'itxn', version: 5, proto: ':a', imms: [{ name: 'F', kind: 'uint8', group: 'txn' }], modes: 'app' },
  { opcode: 0xb5, name: 'itxna', version: 5, proto: ':a', imms: [{ name: 'F', kind: 'uint8', group: 'txna' }, { name: 'I', kind: 'uint8' }], modes: 'app' },
  { opcode: 0xb6, name: 'itxn_next', version: 6, modes: 'app' },
  { opcode: 0xb7, name: 'gitxn', version: 6, proto: ':a', imms: [{ name: 'T', kind: 'uint8' }, { name: 'F', kind: 'uint8', group: 'txn' }], modes: 'app' },
  { opcode: 0xb8, name: 'gitxna', version: 6, proto: ':a', imms: [{ name: 'T', kind: 'uint8' }, { name: 'F', kind: 'uint8', group: 'txna' }, { name: 'I', kind: 'uint8' }], modes: 'app' },
  { opcode: 0xb9, name: 'box_create', version: 8, proto: 'N i:T', modes: 'app' },
  { opcode: 0xba, name: 'box_extract', version: 8, proto: 'N i i:b', modes: 'app' },
  { opcode: 0xbb, name: 'box_replace', version: 8, proto: 'N i b:', modes: 'app' },
  { opcode: 0xbc, name: 'box_del', version: 8, proto: 'N:T', modes: 'app' },
  { opcode: 0xbd, name: 'box_len', version: 8, proto: 'N:i T', modes: 'app' },
  { opcode: 0xbe, name: 'box_get', version: 8, proto: 'N:b T', modes: 'app' },
  { opcode: 0xbf, name: 'box_put', version: 8, proto: 'N b:', modes: 'app' },
  { opcode: 0xc0, name: 'txnas', version: 5, proto: 'i:a', imms: [{ name: 'F', kind: 'uint8', group: 'txna' }] },
  { opcode: 0xc1, name: 'gtxnas', version: 5, proto: 'i:a', imms: [{ name: 'T', kind: 'uint8' }, { name: 'F', kind: 'uint8', group: 'txna' }] },
  { opcode: 0xc2, name: 'gtxnsas', version: 5, proto: 'i i:a', imms: [{ name: 'F', kind: 'uint8', group: 'txna' }] },
  { opcode: 0xc3, name: 'args', version: 5, proto: 'i:b', modes: 'sig' },
  { opcode: 0xc4, name: 'gloadss', version: 6, proto: 'i i:a', modes: 'app' },
  { opcode: 0xc5, name: 'itxnas', version: 6, proto: 'i:a', imms: [{ name: 'F', kind: 'uint8', group: 'txna' }], modes: 'app' },
  { opcode: 0xc6, name: 'gitxnas', version: 6, proto: 'i:a', imms: [{ name: 'T', kind: 'uint8' }, { name: 'F', kind: 'uint8', group: 'txna' }], modes: 'app' },
  { opcode: 0xd0, name: 'vrf_verify', version: 7, proto: 'b b80 b32:b64 T', cost: 5700, imms: [{ name: 'S', kind: 'uint8', group: 'vrf' }] },
  { opcode: 0xd1, name: 'block', version: 7, proto: 'i:a', imms: [{ name: 'F', kind: 'uint8', group: 'block' }] },
  { opcode: 0xd2, name: 'box_splice', version: 10, proto: 'N i i b:', modes: 'app' },
  { opcode: 0xd3, name: 'box_resize', version: 10, proto: 'N i:', modes: 'app' },
  { opcode: 0xe0, name: 'ec_add', version: 10, proto: 'b b:b', cost: { byField: { BN254g1: 125, BN254g2: 170, BLS12_381g1: 205, BLS12_381g2: 290 } }, imms: [{ name: 'G', kind: 'uint8', group: 'ecGroup' }] },
  { opcode: 0xe1, name: 'ec_scalar_mul', version: 10, proto: 'b b:b', cost: { byField: { BN254g1: 1810, BN254g2: 3430, BLS12_381g1: 2950, BLS12_381g2: 6530 } }, imms: [{ name: 'G', kind: 'uint8', group: 'ecGroup' }] },
  { opcode: 0xe2, name: 'ec_pairing_check', version: 10, proto: 'b b:T', cost: { byField: { BN254g1: { base: 8000, per: 7400, chunk: 64, arg: 'B' }, BN254g2: { base: 8000, per: 7400, chunk: 128, arg: 'B' }, BLS12_381g1: { base: 13000, per: 10000, chunk: 96, arg: 'B' }, BLS12_381g2: { base: 13000, per: 10000, chunk: 192, arg: 'B' } } }, imms: [{ name: 'G', kind: 'uint8', group: 'ecGroup' }] },
  { opcode: 0xe3, name: 'ec_multi_scalar_mul', version: 10, proto: 'b b:b', cost: { byField: { BN254g1: { base: 3600, per: 90, chunk: 32, arg: 'B' }, BN254g2: { base: 7200, per: 270, chunk: 32, arg: 'B' }, BLS12_381g1: { base: 6500, per: 95, chunk: 32, arg: 'B' }, BLS12_381g2: { base: 14850, per: 485, chunk: 32, arg: 'B' } } }, imms: [{ name: 'G', kind: 'uint8', group: 'ecGroup' }] },
  { opcode: 0xe4, name: 'ec_subgroup_check', version: 10, proto: 'b:T', cost: { byField: { BN254g1: 20, BN254g2: 3100, BLS12_381g1: 1850, BLS12_381g2: 2340 } }, imms: [{ name: 'G', kind: 'uint8', group: 'ecGroup' }] },
  { opcode: 0xe5, name: 'ec_map_to', version: 10, proto: 'b:b', cost: { byField: { BN254g1: 630, BN254g2: 3300, BLS12_381g1: 1950, BLS12_381g2: 8150 } }, imms: [{ name: 'G', kind: 'uint8', group: 'ecGroup' }] },
  { opcode: 0xe6, name: 'mimc', version: 11, proto: 'b:b32', cost: { byField: { BN254Mp110: { base: 10, per: 550, chunk: 32, arg: 'A' }, BLS12_381Mp111: { base: 10, per: 550, chunk: 32, arg: 'A' } } }, imms: [{ name: 'C', kind: 'uint8', group: 'mimc' }] },
]

const FIXED_IMM_SIZE: Readonly<Record<ImmKind, number>> = {
  uint8: 1,
  int8: 1,
  label: 2,
  varuint: 0,
  bytes: 0,
  varuints: 0,
  bytess: 0,
  labels: 0,
}

function toSpec(row: OpRow): OpSpec {
  const imms = row.imms ?? []
  const variable = imms.some((i) => FIXED_IMM_SIZE[i.kind] === 0)
  const { args, returns } = parseProto(row.proto ?? ':')
  return {
    opcode: row.opcode,
    name: row.name,
    version: row.version,
    args,
    returns,
    hasProto: row.proto !== undefined,
    trusted: row.trusted ?? false,
    cost: row.cost ?? 1,
    imms,
    modes: row.modes ?? 'any',
    size: variable ? 0 : 1 + imms.reduce((n, i) => n + FIXED_IMM_SIZE[i.kind], 0),
  }
}

/** Every row, in opcode then version order. */
export const OP_SPECS: readonly OpSpec[] = ROWS.map(toSpec)

export interface OpTable {
  readonly version: number
  /** Indexed by opcode byte; undefined where the byte is not an opcode in this version. */
  readonly byOpcode: readonly (OpSpec | undefined)[]
  readonly byName: ReadonlyMap<string, OpSpec>
}

function buildTable(version: number): OpTable {
  const byOpcode: (OpSpec | undefined)[] = new Array<OpSpec | undefined>(256).fill(undefined)
  const byName = new Map<string, OpSpec>()
  for (const spec of OP_SPECS) {
    if (spec.version > version) continue
    // Rows are sorted by version within an opcode, so the newest applicable row wins.
    byOpcode[spec.opcode] = spec
    byName.set(spec.name, spec)
  }
  return { version, byOpcode, byName }
}

const TABLES: readonly OpTable[] = Array.from({ length: MAX_VERSION + 1 }, (_, v) => buildTable(v))

/** The opcodes of program version `version` (1..MAX_VERSION). */
export function opTable(version: number): OpTable {
  if (!Number.isInteger(version) || version < 1 || version > MAX_VERSION) {
    throw new RangeError(`unsupported program version ${version}`)
  }
  return TABLES[version]
}

/** The version in which `name` first appeared, or undefined if it is not an opcode at all. */
export function introducedVersion(name: string): number | undefined {
  return OP_SPECS.find((s) => s.name === name)?.version
}
