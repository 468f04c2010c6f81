/**
 * The devnet's genesis, the same for every fresh state. Shaped as go-algorand's genesis.json
 * (data/bookkeeping/genesis.go, gen/generate.go): network `devnet`, schema id `v1` (so the
 * genesis id is `devnet-v1`, which AlgoKit treats as LocalNet), MainNet's current consensus
 * (v41), timestamp 0, dev mode, and an allocation that starts, as `goal network create` writes
 * it, with the RewardsPool and the FeeSink at go's default addresses. Wallet1, the dispenser, is
 * online as LocalNet's genesis wallets are (`onl: 1` and participation keys, participation.ts).
 * The genesis hash is go's: SHA-512/256("GE" || canonical msgpack of the genesis struct).
 *
 * Assets cannot be allocated at genesis in go-algorand, so the USDC-like asset is created by the
 * first block's transactions instead (see usdc.ts): round 0 stays a plain genesis.
 */
import algosdk from 'algosdk'
import type { GenesisAccount, GenesisAllocation, GenesisInfo } from '../chain/types.js'
import { sha512_256 } from '../ledger/crypto.js'
import { CONSENSUS_V41 } from '../ledger/protocol.js'
import { AccountStatus } from '../ledger/state.js'
import { deterministicKey } from './keys.js'
import { genesisParticipation, participationFields } from './participation.js'

const NETWORK = 'devnet'
const SCHEMA_ID = 'v1'
const GENESIS_ID = `${NETWORK}-${SCHEMA_ID}`

/** gen/generate.go defaultSinkAddr and defaultPoolAddr. */
const FEE_SINK = 'A7NMWS3NT3IUDMLVO26ULGXGIIOUQ3ND2TXSER6EBGRZNOBOUIQXHIBGDE'
const REWARDS_POOL = '7777777777777777777777777777777777777777777777777774MSJUVU'

/** gen/generate.go defaultIncentivePoolBalanceAtInception; the sink gets the min balance. */
const REWARDS_POOL_BALANCE = 125_000_000n * 1_000_000n
const FEE_SINK_BALANCE = 100_000n

const DISPENSER = 'Wallet1'
/**
 * The genesis wallets that are online, as LocalNet's are. Only the dispenser: AlgoKit's KMD
 * lookups pick the first default-wallet key that is not 'Offline' and holds over 1000 Algo, so
 * with the issuer and the test wallets offline that is Wallet1 whatever kmd's key order.
 */
const ONLINE_WALLETS: readonly string[] = [DISPENSER]
export const USDC_ISSUER = 'USDC issuer'
/** The funded test accounts, each opted in to USDC and holding some. */
export const TEST_WALLETS = ['Wallet2', 'Wallet3', 'Wallet4', 'Wallet5', 'Wallet6'] as const

const ALGO = 1_000_000n
/** Balances in microAlgos; the total stays far below LocalNet's 10^16. */
const BALANCES: Readonly<Record<string, bigint>> = {
  [DISPENSER]: 1_000_000_000n * ALGO,
  [USDC_ISSUER]: 1_000_000n * ALGO,
  ...Object.fromEntries(TEST_WALLETS.map((w) => [w, 10_000_000n * ALGO])),
}

/** New networks start the transaction counter at 1000 (consensus v38 AppForbidLowResources,
 * data/bookkeeping/genesis.go), so the first asset created, USDC, gets id 1001. */
export const GENESIS_TXN_COUNTER = 1000n
export const USDC_ASSET_ID = GENESIS_TXN_COUNTER + 1n

function account(comment: string): GenesisAccount {
  const key = deterministicKey(comment)
  return {
    comment,
    address: algosdk.encodeAddress(key.publicKey),
    secretKey: key.secretKey,
    microAlgos: BALANCES[comment] ?? 0n,
  }
}

/** go's Genesis struct encoded canonically (keys sorted, empty values omitted). */
function canonicalGenesis(alloc: readonly GenesisAllocation[]): Uint8Array {
  const state = (a: GenesisAllocation): Map<string, unknown> => {
    const m = new Map<string, unknown>()
    if (a.microAlgos !== 0n) m.set('algo', a.microAlgos)
    if (a.status !== 0) m.set('onl', a.status)
    if (a.participation)
      for (const [k, v] of participationFields(a.participation, (b) => b)) m.set(k, v)
    return m
  }
  const encoded = new Map<string, unknown>([
    [
      'alloc',
      alloc.map(
        (a) =>
          new Map<string, unknown>([
            ['addr', a.address],
            ['comment', a.comment],
            ['state', state(a)],
          ]),
      ),
    ],
    ['devmode', true],
    ['fees', FEE_SINK],
    ['id', SCHEMA_ID],
    ['network', NETWORK],
    ['proto', CONSENSUS_V41],
    ['rwd', REWARDS_POOL],
  ])
  return algosdk.msgpackRawEncode(encoded)
}

export function buildGenesis(): GenesisInfo {
  const accounts = [DISPENSER, USDC_ISSUER, ...TEST_WALLETS].map(account)
  const alloc: GenesisAllocation[] = [
    {
      address: REWARDS_POOL,
      comment: 'RewardsPool',
      microAlgos: REWARDS_POOL_BALANCE,
      status: AccountStatus.NotParticipating,
    },
    {
      address: FEE_SINK,
      comment: 'FeeSink',
      microAlgos: FEE_SINK_BALANCE,
      status: AccountStatus.NotParticipating,
    },
    ...accounts.map((a): GenesisAllocation => {
      const common = { address: a.address, comment: a.comment, microAlgos: a.microAlgos }
      return ONLINE_WALLETS.includes(a.comment)
        ? {
            ...common,
            status: AccountStatus.Online,
            participation: genesisParticipation(a.comment),
          }
        : { ...common, status: AccountStatus.Offline }
    }),
  ]
  const hash = sha512_256(new TextEncoder().encode('GE'), canonicalGenesis(alloc))
  const issuer = accounts.find((a) => a.comment === USDC_ISSUER)!
  return {
    id: GENESIS_ID,
    hash,
    network: NETWORK,
    proto: CONSENSUS_V41,
    timestamp: 0n,
    accounts,
    usdcAssetId: USDC_ASSET_ID,
    usdcIssuer: issuer.address,
    feeSink: FEE_SINK,
    rewardsPool: REWARDS_POOL,
    alloc,
    devMode: true,
  }
}

const base64 = (b: Uint8Array): string => Buffer.from(b).toString('base64')

/** GET /genesis: the genesis.json document, keys in go's order (timestamp 0 is omitted). */
export function genesisDocument(g: GenesisInfo): Record<string, unknown> {
  return {
    alloc: (g.alloc ?? []).map((a) => ({
      addr: a.address,
      comment: a.comment,
      state: {
        algo: a.microAlgos,
        ...(a.status === 0 ? {} : { onl: a.status }),
        ...(a.participation === undefined
          ? {}
          : Object.fromEntries(participationFields(a.participation, base64))),
      },
    })),
    devmode: true,
    fees: g.feeSink ?? FEE_SINK,
    id: SCHEMA_ID,
    network: g.network,
    proto: g.proto,
    rwd: g.rewardsPool ?? REWARDS_POOL,
  }
}
