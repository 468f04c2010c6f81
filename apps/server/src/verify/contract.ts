/**
 * submit_contract and submit_configuration, verified against the chain (review W10, W17): the
 * application must run exactly our manager and clear programs with our schema, for a submitted
 * NFT, created by that NFT's (staff) creator, with our USDC; and the transaction given must be
 * the one that created it, or the configure call that succeeded on it.
 */
import {
  CONFIGURE_ARG,
  MANAGER_SCHEMA,
  clearProgram,
  decodeManagerGlobal,
  managerProgram,
  type ManagerState,
} from '@unica/contracts'
import type { Chain } from '../chain.js'
import { badRequest } from '../errors.js'
import { readApplication, readConfirmedTransaction, sameBytes } from './chain-read.js'

const notOurs = (): never => {
  throw badRequest('Invalid input.', {
    app_id: ['This application does not run the marketplace contract.'],
  })
}

/** The app's state, if it runs our manager with our schema and our USDC; else a 400. */
export async function readManager(chain: Chain, appId: bigint): Promise<ManagerState> {
  const params = await readApplication(chain, appId)
  if (params === undefined) {
    throw badRequest('Invalid input.', { app_id: ['No such application on chain.'] })
  }
  const s = MANAGER_SCHEMA
  if (
    !sameBytes(params.approvalProgram, managerProgram().bytes) ||
    !sameBytes(params.clearStateProgram, clearProgram().bytes) ||
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
  return state
}

/** The transaction created this application. */
export async function checkCreation(chain: Chain, txId: string, appId: bigint): Promise<void> {
  const tx = await readConfirmedTransaction(chain, txId)
  if (tx.txType !== 'appl' || tx.createdApplicationIndex !== appId) {
    throw badRequest('Invalid input.', {
      tx_id: ['This transaction did not create this application.'],
    })
  }
}

/** The transaction is a successful configure call (arg C) on this application by its creator. */
export async function checkConfiguration(
  chain: Chain,
  txId: string,
  appId: bigint,
  creator: string,
): Promise<void> {
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
