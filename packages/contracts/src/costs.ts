/**
 * Fee and cost arithmetic, derived from the builders so there is one source of truth: what a group
 * really costs its signer in fees and in Algos paid or locked, and the total of the staff's create
 * flow. Amounts in microAlgos.
 */
import algosdk from 'algosdk'
import { buildConfigure, buildCreateNft, buildDeploy } from './builders/setup.js'
import type { ChainParams, UnsignedGroup } from './builders/group.js'
import { ASSET_MIN_BALANCE } from './protocol.js'
import { CURRENT_VERSION, type ContractVersion } from './market/versions.js'

export interface Cost {
  /** Transaction fees the account pays. */
  readonly fees: bigint
  /** Algos the account pays to others (proxy, escrow) or locks as min balance. */
  readonly deposits: bigint
  readonly total: bigint
}

function cost(fees: bigint, deposits: bigint): Cost {
  return { fees, deposits, total: fees + deposits }
}

/** Fees of the transactions `account` sends in a group, plus the Algos it pays in it. */
export function groupCost(g: UnsignedGroup, account: string): Cost {
  const own = g.txns.filter((t: algosdk.Transaction) => t.sender.toString() === account)
  const fees = own.reduce((sum, t) => sum + t.fee, 0n)
  const deposits = own.reduce((sum, t) => sum + (t.payment?.amount ?? 0n), 0n)
  return cost(fees, deposits)
}

// Any valid address and ids give the same fees and amounts; these only shape the groups.
const SAMPLE = new algosdk.Address(new Uint8Array(32).fill(1)).toString()
const SAMPLE_NFT = {
  unitName: 'NFT',
  assetName: 'NFT',
  url: 'https://example.invalid/nft',
  guid: '0'.repeat(32),
  description: '',
  mediaUrl: 'https://example.invalid/nft.png',
  mimeType: 'image/png',
}

/** Creating the NFT: its fee, and the 0.1 Algo the creator's min balance grows by holding it. */
export function createNftCost(params: ChainParams): Cost {
  const g = buildCreateNft({ ...SAMPLE_NFT, creator: SAMPLE, params })
  return cost(groupCost(g, SAMPLE).fees, ASSET_MIN_BALANCE)
}

/**
 * Deploying the manager: the proxy's funding (locked with the app: it grows with the version's
 * schema) and both fees.
 */
export function deployCost(params: ChainParams, version: ContractVersion = CURRENT_VERSION): Cost {
  const g = buildDeploy({ creator: SAMPLE, proxyId: 1, usdcId: 1n, nftId: 2n, params, version })
  return groupCost(g, SAMPLE)
}

/** Configuring the escrow: its min balance with two opt-ins, and the fees of the call and its inners. */
export function configureCost(
  params: ChainParams,
  version: ContractVersion = CURRENT_VERSION,
): Cost {
  const g = buildConfigure({ creator: SAMPLE, appId: 1n, nftId: 2n, usdcId: 3n, params, version })
  return groupCost(g, SAMPLE)
}

/** The create page's "Total cost": create the NFT, deploy and configure. */
export function totalCreateCost(
  params: ChainParams,
  version: ContractVersion = CURRENT_VERSION,
): Cost {
  const parts = [createNftCost(params), deployCost(params, version), configureCost(params, version)]
  return cost(
    parts.reduce((s, c) => s + c.fees, 0n),
    parts.reduce((s, c) => s + c.deposits, 0n),
  )
}
