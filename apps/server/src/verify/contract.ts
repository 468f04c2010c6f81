/**
 * submit_contract and submit_configuration, verified against the chain (docs/security.md W10, W17):
 * the application must run exactly our manager and clear programs with our schema, for a submitted
 * NFT, created by that NFT's (staff) creator, with our USDC; and the transaction given must be the
 * one that created it, or the configure call that succeeded on it.
 */
import {
  CONFIGURE_ARG,
  CONTRACT_VERSIONS,
  decodeManagerGlobal,
  boundProxyOf,
  protocol,
  proxyIdOf,
  type ContractVersion,
  type ManagerState,
} from '@unica/contracts'
import type algosdk from 'algosdk'
import type { Chain } from '../chain/connection.js'
import { badRequest, chainLag } from '../errors.js'
import { orNotFound, readConfirmedTransaction, sameBytes } from './chain-read.js'

function notOurs(): never {
  throw badRequest('Invalid input.', {
    app_id: ['This application does not run the marketplace contract.'],
  })
}

/** A manager of ours as the chain holds it: its state, and the version of the programs it runs. */
export interface VerifiedManager extends ManagerState {
  readonly version: ContractVersion
}

/** The version whose manager and clear programs the app runs exactly, if any. */
function versionOf(params: algosdk.modelsv2.ApplicationParams): ContractVersion | undefined {
  return CONTRACT_VERSIONS.find(
    (v) =>
      sameBytes(params.approvalProgram, protocol(v).manager()) &&
      sameBytes(params.clearStateProgram, protocol(v).clear()),
  )
}

/**
 * The app's state and contract version, if it runs one version of our manager with our schema
 * and our USDC; else a 400.
 */
export async function readManager(chain: Chain, appId: bigint): Promise<VerifiedManager> {
  const params = (await orNotFound(() => chain.algod.getApplicationByID(appId).do()))?.params
  if (params === undefined) {
    throw badRequest('Invalid input.', { app_id: ['No such application on chain.'] })
  }
  const version = versionOf(params)
  if (version === undefined) notOurs()
  // Each version creates its manager with its own schema (v2 adds the royalty slots).
  const s = protocol(version).schema
  if (
    params.globalStateSchema?.numUint !== s.globalInts ||
    params.globalStateSchema.numByteSlice !== s.globalBytes ||
    params.localStateSchema?.numUint !== s.localInts ||
    params.localStateSchema.numByteSlice !== s.localBytes ||
    (params.extraProgramPages ?? 0) !== s.extraPages
  ) {
    notOurs()
  }
  const state = decodeManagerGlobal(params.globalState ?? [])
  if (state.usdcId !== chain.usdcId) notOurs()
  return { ...state, version }
}

/** What a submission claims: this transaction, on this application, by the NFT's creator. */
export interface SubmittedTx {
  readonly txId: string
  readonly appId: bigint
  readonly creator: string
}

/**
 * The transaction created this application, signed by one of our proxy logic sigs, in a group
 * whose payment to that proxy came from `creator`. (The manager's own creation checks make any
 * other shape impossible on chain; this reads it back from the indexer rather than trust it.)
 */
export async function checkCreation(chain: Chain, claim: SubmittedTx): Promise<void> {
  const { txId, appId, creator } = claim
  const tx = await readConfirmedTransaction(chain, txId)
  if (tx.txType !== 'appl' || tx.createdApplicationIndex !== appId) {
    throw badRequest('Invalid input.', {
      tx_id: ['This transaction did not create this application.'],
    })
  }
  const logic = tx.signature?.logicsig?.logic
  // v1's proxies, or v2's bound to this creator (docs/security.md: a proxy no one else can use).
  const ourProxy =
    logic !== undefined &&
    (proxyIdOf(logic) !== undefined || boundProxyOf(logic)?.creator === creator)
  if (logic === undefined || !ourProxy || tx.group === undefined) {
    throw badRequest('Invalid input.', {
      tx_id: ['This application was not created by our proxy.'],
    })
  }
  const proxy = tx.sender
  const group = tx.group
  // The funding payment is in the same group, so in the same round: searching that round only
  // keeps junk payments to the proxy in other rounds from pushing it off the page.
  const round = tx.confirmedRound ?? 0n
  const found = await orNotFound(() =>
    chain.indexer
      .lookupAccountTransactions(proxy)
      .txType('pay')
      .minRound(round)
      .maxRound(round)
      .do(),
  )
  if (found === undefined) throw chainLag("The proxy's payments are not indexed yet. Try again.")
  const funded = found.transactions.some(
    (t) =>
      t.sender === creator &&
      t.paymentTransaction?.receiver === proxy &&
      t.group !== undefined &&
      sameBytes(t.group, group),
  )
  if (!funded) {
    throw badRequest('Invalid input.', {
      tx_id: ["The proxy was not funded by the NFT's creator in this group."],
    })
  }
}

/** The transaction is a successful configure call (arg C) on this application by its creator. */
export async function checkConfiguration(chain: Chain, claim: SubmittedTx): Promise<void> {
  const { txId, appId, creator } = claim
  const tx = await readConfirmedTransaction(chain, txId)
  const call = tx.applicationTransaction
  const firstArg = call?.applicationArgs?.at(0)
  if (
    tx.txType !== 'appl' ||
    call?.applicationId !== appId ||
    call.onCompletion !== 'noop' ||
    firstArg === undefined ||
    Buffer.from(firstArg).toString('latin1') !== CONFIGURE_ARG ||
    tx.sender !== creator
  ) {
    throw badRequest('Invalid input.', {
      tx_id: ["This transaction is not this application's configuration."],
    })
  }
}
