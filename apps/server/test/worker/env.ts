/**
 * A worker test's world: the embedded devnet (through the contracts harness), a fresh migrated
 * database (PGlite, or a PostgreSQL schema when TEST_DATABASE_URL is set), our assets registered as
 * the server's submit_* routes would leave them, and a Fastify app serving the worker's routes.
 */
import { randomBytes } from 'node:crypto'
import { escrowAddress, type Market } from '@unica/contracts'
import type { Database } from '../../src/db/index.js'
import { startTestServer, type TestServer } from '../app.js'
import { Harness, type Account } from './chain.js'

export interface WorkerEnv {
  readonly h: Harness
  readonly server: TestServer
  readonly database: Database
  stop(): Promise<void>
}

/** The devnet (contracts harness), and the whole app (buildApp, CSRF) on a fresh database. */
export async function workerEnv(): Promise<WorkerEnv> {
  const h = await Harness.start()
  const server = await startTestServer({ devnet: h.devnet })
  return {
    h,
    server,
    database: server.database,
    stop: async () => {
      await server.close()
      await h.stop()
    },
  }
}

const newGuid = (): string => randomBytes(16).toString('hex')

/** Registers an asset as submit_asset leaves it (status DA, held by its creator). */
export async function registerAsset(
  database: Database,
  creator: Account,
  nftId: bigint,
): Promise<string> {
  const guid = newGuid()
  await database.query(
    `INSERT INTO assets (guid, asset_id, status, name, unit_name, description, creator_address,
                         owner_address, holding_address)
     VALUES ($1, $2, 'DA', $3, 'UNI', 'test', $4, $4, $4)`,
    [guid, nftId.toString(), `Unica ${guid.slice(0, 8)}`, creator.address],
  )
  return guid
}

/** Registers a configured market as submit_contract + submit_configuration leave it (RD). */
export async function registerMarket(
  database: Database,
  creator: Account,
  market: Market,
): Promise<string> {
  const guid = await registerAsset(database, creator, market.nftId)
  await database.query(
    `UPDATE assets SET application_id = $2, escrow_address = $3, status = 'RD' WHERE guid = $1`,
    [guid, market.appId.toString(), escrowAddress(market.appId)],
  )
  return guid
}

export interface AssetView {
  status: string
  application_id: string | null
  escrow_address: string | null
  owner_address: string | null
  holding_address: string | null
  price: string | null
  highest_bid_value: string | null
  highest_bid_sender: string | null
}

export async function assetRow(database: Database, guid: string): Promise<AssetView> {
  const [row] = await database.query<AssetView>(
    `SELECT status, application_id::text, escrow_address, owner_address, holding_address,
            price::text, highest_bid_value::text, highest_bid_sender
       FROM assets WHERE guid = $1`,
    [guid],
  )
  return row
}

export interface OperationView {
  id: string
  op_type: string
  value: string
  sender: string
  counterparty: string | null
  tx_id: string
  status: string
  failure_reason: string | null
  round: string | null
  block_time: Date | string | null
  has_signed_group: boolean
}

export async function operations(database: Database, guid: string): Promise<OperationView[]> {
  return database.query<OperationView>(
    `SELECT id::text, op_type, value::text, sender, counterparty, tx_id, status, failure_reason, round::text,
            block_time, signed_group IS NOT NULL AS has_signed_group
       FROM operations WHERE asset_guid = $1 ORDER BY operations.id`,
    [guid],
  )
}
