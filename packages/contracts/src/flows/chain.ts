/**
 * What a flow needs of the chain: an algod client, and a signer that turns a builder's group into
 * signed bytes (a wallet, KMD or raw keys; the proxy's logic sig is signed here). Sending waits for
 * the block and reports algod's failures as AlgodError, split into refusals and failed reads.
 */
import algosdk from 'algosdk'
import { signWithProxy } from '../builders/setup.js'
import type { ChainParams, UnsignedGroup } from '../builders/group.js'

/** Signs every transaction of a group, in order, as its `signers` say. */
export type GroupSigner = (group: UnsignedGroup) => Promise<Uint8Array[]>

export interface FlowChain {
  readonly algod: algosdk.Algodv2
  readonly sign: GroupSigner
  /** Suggested params for each group; algod's when absent. */
  readonly params?: () => Promise<ChainParams>
}

/** An algod call that failed: `post` when algod refused a group, `get` when a read failed. */
export class AlgodError extends Error {
  override readonly name = 'AlgodError'
  constructor(
    readonly kind: 'get' | 'post',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

async function reading<T>(read: Promise<T>): Promise<T> {
  try {
    return await read
  } catch (e) {
    throw new AlgodError('get', e)
  }
}

export function paramsOf(chain: FlowChain): Promise<ChainParams> {
  return chain.params?.() ?? reading(chain.algod.getTransactionParams().do())
}

/** A group on chain: the first transaction's id, its round, and what the group paid in fees. */
export interface SentGroup {
  readonly txId: string
  readonly round: bigint
  readonly fee: bigint
}

/** How many rounds a flow waits for its group's block. */
const WAIT_ROUNDS = 20

/** Sends already signed transactions as one group and waits for their block. */
export async function sendSigned(
  algod: algosdk.Algodv2,
  signed: Uint8Array[],
): Promise<Omit<SentGroup, 'fee'>> {
  let txId: string
  try {
    txId = (await algod.sendRawTransaction(signed).do()).txid
  } catch (e) {
    throw new AlgodError('post', e)
  }
  const info = await reading(algosdk.waitForConfirmation(algod, txId, WAIT_ROUNDS))
  return { txId, round: info.confirmedRound ?? 0n }
}

/** Signs a group, sends it and waits for its block. */
export async function sendGroup(chain: FlowChain, group: UnsignedGroup): Promise<SentGroup> {
  const sent = await sendSigned(chain.algod, await chain.sign(group))
  return { ...sent, fee: group.fee }
}

/** A confirmed transaction's details (created asset or app ids). */
export function confirmed(
  algod: algosdk.Algodv2,
  txId: string,
): Promise<algosdk.modelsv2.PendingTransactionResponse> {
  return reading(algod.pendingTransactionInformation(txId).do())
}

/**
 * Signs a group one transaction at a time: `signTxn` signs those a wallet key signs (raw keys,
 * KMD), the proxy's transaction is signed with its logic sig.
 */
export function signEach(
  group: UnsignedGroup,
  signTxn: (txn: algosdk.Transaction, address: string) => Uint8Array,
): Uint8Array[] {
  return group.txns.map((txn, i) => {
    const signer = group.signers[i]
    return signer.kind === 'proxy'
      ? signWithProxy(txn, signer.proxyId, signer.creator, signer.version)
      : signTxn(txn, signer.address)
  })
}

/**
 * A group signer over a wallet that signs a group's wallet transactions in one prompt: it gets
 * the whole group and the indexes it signs, and answers their signatures in that order.
 */
export function walletSigner(
  signWallet: (txns: algosdk.Transaction[], indexes: number[]) => Promise<Uint8Array[]>,
): GroupSigner {
  return async (group) => {
    const txns = [...group.txns]
    const mine = group.signers.flatMap((s, i) => (s.kind === 'wallet' ? [i] : []))
    const signed = await signWallet(txns, mine)
    return group.signers.map((s, i) =>
      s.kind === 'wallet'
        ? signed[mine.indexOf(i)]
        : signWithProxy(txns[i], s.proxyId, s.creator, s.version),
    )
  }
}

/**
 * Whether an inner transfer of the asset to `address` would go through now: opted in and not
 * frozen (algod answers 404 when the account holds no opt-in). The settlement's builder and the
 * auction dialogs both ask it; any other failure is thrown as algosdk threw it.
 */
export async function canReceiveAsset(
  algod: algosdk.Algodv2,
  address: string,
  assetId: bigint,
): Promise<boolean> {
  try {
    const info = await algod.accountAssetInformation(address, assetId).do()
    return info.assetHolding !== undefined && !info.assetHolding.isFrozen
  } catch (e) {
    if ((e as { response?: { status?: unknown } } | null)?.response?.status === 404) return false
    throw e
  }
}
