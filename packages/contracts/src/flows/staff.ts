/**
 * The staff flow of docs/product.md §4, one home for every caller (the web app's admin screens, the demo
 * seed, the server's and the contracts' tests): create the NFT, deploy its manager through a fresh
 * proxy, finish setup. Each chain step builds its group, has the injected signer sign it, sends it
 * and waits for the block; after it, an optional hook registers the result with the marketplace's
 * API (submit_asset, submit_contract, submit_configuration). Progress is reported per step with
 * its transaction id and fee, so a UI can show a checklist.
 */
import algosdk from 'algosdk'
import {
  escrowAddress,
  type ChainParams,
  type Market,
  type UnsignedGroup,
} from '../builders/group.js'
import { CURRENT_VERSION, type ContractVersion } from '../market/versions.js'
import type { Royalty } from '../royalty.js'
import { buildConfigure, buildCreateNft, buildDeploy } from '../builders/setup.js'
import type { NftDescription } from '../nft.js'
import { randomProxyId } from '../programs/index.js'
import { confirmed, paramsOf, sendGroup, type FlowChain, type SentGroup } from './chain.js'

/** The steps in order; each chain step is followed by its registration. */
export type SetupStep =
  | 'create-asset'
  | 'register-asset'
  | 'deploy'
  | 'register-contract'
  | 'configure'
  | 'register-configuration'

/** A finished chain step: the transaction a UI links to and the fees its group paid. */
export interface SetupProgress {
  readonly step: 'create-asset' | 'deploy' | 'configure'
  readonly txId: string
  readonly fee: bigint
}

export interface StepHooks {
  /**
   * Runs each step's work; by default it simply runs. The web app runs each through its action
   * queue, which shows the step's message and checks its result on chain.
   */
  readonly run?: <T>(step: SetupStep, work: () => Promise<T>) => Promise<T>
  /** Told as each chain step is confirmed. */
  readonly onProgress?: (progress: SetupProgress) => void
}

export interface CreatedNft extends SentGroup {
  readonly assetId: bigint
  readonly guid: string
  readonly creator: string
}

export interface DeployedManager extends SentGroup {
  readonly appId: bigint
  /** The proxy that created the app; the app's address is the escrow. */
  readonly proxyId: number
  /** The app-creation transaction (what submit_contract names), not the group's first. */
  readonly createTxId: string
}

export interface ConfiguredManager extends SentGroup {
  /** The configure call (what submit_configuration names), not the group's first transaction. */
  readonly callTxId: string
}

export interface CreateNftHooks extends StepHooks {
  readonly register?: (nft: CreatedNft) => Promise<void>
}
export interface DeployHooks extends StepHooks {
  readonly register?: (deployed: DeployedManager) => Promise<void>
}
export interface ConfigureHooks extends StepHooks {
  readonly register?: (configured: ConfiguredManager, market: Market) => Promise<void>
}

const runStep = <T>(hooks: StepHooks, step: SetupStep, work: () => Promise<T>): Promise<T> =>
  hooks.run === undefined ? work() : hooks.run(step, work)

/** A chain step, its progress report (linking `linked`), then its registration if any. */
async function chainStep<R extends SentGroup>(
  hooks: StepHooks,
  [step, registration]: readonly [SetupProgress['step'], SetupStep],
  work: () => Promise<R>,
  linked: (result: R) => string,
  register: ((result: R) => Promise<void>) | undefined,
): Promise<R> {
  const result = await runStep(hooks, step, work)
  hooks.onProgress?.({ step, txId: linked(result), fee: result.fee })
  if (register !== undefined) await runStep(hooks, registration, () => register(result))
  return result
}

/** The id of the transaction at `index` (the one the API is told about). */
const txIdAt = (group: UnsignedGroup, index: number): string => group.txns[index].txID()

/** Builds a group on the chain's suggested params, signs and sends it. */
async function buildAndSend<G extends UnsignedGroup>(
  chain: FlowChain,
  build: (params: ChainParams) => G,
): Promise<{ group: G; sent: SentGroup }> {
  const group = build(await paramsOf(chain))
  return { group, sent: await sendGroup(chain, group) }
}

export interface NftToCreate extends NftDescription {
  readonly creator: string
}

/** Creates the NFT (one acfg signed by its creator), then registers it. */
export async function createNft(
  chain: FlowChain,
  nft: NftToCreate,
  hooks: CreateNftHooks = {},
): Promise<CreatedNft> {
  return chainStep(
    hooks,
    ['create-asset', 'register-asset'],
    async () => {
      const { sent } = await buildAndSend(chain, (params) => buildCreateNft({ ...nft, params }))
      const { assetIndex } = await confirmed(chain.algod, sent.txId)
      if (assetIndex === undefined) throw new Error(`${sent.txId} created no asset`)
      return { ...sent, assetId: assetIndex, guid: nft.guid, creator: nft.creator }
    },
    (created) => created.txId,
    hooks.register,
  )
}

export interface ManagerToDeploy {
  readonly creator: string
  readonly nftId: bigint
  readonly usdcId: bigint
  /** The proxy to deploy from; a fresh random one by default. */
  readonly proxyId?: number
  /** The contract version to deploy; CURRENT_VERSION by default. */
  readonly version?: ContractVersion
}

/** Deploys the NFT's manager from a proxy the creator funds, then registers it. */
export async function deployManager(
  chain: FlowChain,
  input: ManagerToDeploy,
  hooks: DeployHooks = {},
): Promise<DeployedManager> {
  const proxyId = input.proxyId ?? randomProxyId()
  return chainStep(
    hooks,
    ['deploy', 'register-contract'],
    async () => {
      const { group, sent } = await buildAndSend(chain, (params) =>
        buildDeploy({ ...input, proxyId, params }),
      )
      const createTxId = txIdAt(group, 1)
      const { applicationIndex } = await confirmed(chain.algod, createTxId)
      if (applicationIndex === undefined) throw new Error(`${createTxId} created no application`)
      return { ...sent, appId: applicationIndex, proxyId, createTxId }
    },
    (deployed) => deployed.createTxId,
    hooks.register,
  )
}

export interface ManagerToConfigure extends Market {
  readonly creator: string
}

/** The market a configured manager is: with its version, and on v2 its creator and royalty. */
function configuredMarket(input: ManagerToConfigure): Market {
  const { appId, nftId, usdcId, version, royalty, creator } = input
  if ((version ?? CURRENT_VERSION) === 1) return { appId, nftId, usdcId, version: 1 }
  return {
    appId,
    nftId,
    usdcId,
    version: version ?? CURRENT_VERSION,
    royalty: { creator, recipients: royalty?.recipients ?? [] },
  }
}

/** Funds the escrow and calls configure (the escrow opts in to the NFT and USDC), then registers. */
export async function configureManager(
  chain: FlowChain,
  input: ManagerToConfigure,
  hooks: ConfigureHooks = {},
): Promise<ConfiguredManager> {
  const market = configuredMarket(input)
  const { register } = hooks
  return chainStep(
    hooks,
    ['configure', 'register-configuration'],
    async () => {
      const { group, sent } = await buildAndSend(chain, (params) =>
        buildConfigure({ ...input, params }),
      )
      return { ...sent, callTxId: txIdAt(group, group.txns.length - 1) }
    },
    (configured) => configured.callTxId,
    register === undefined ? undefined : (configured) => register(configured, market),
  )
}

export interface SetupHooks extends StepHooks {
  readonly registerAsset?: CreateNftHooks['register']
  readonly registerContract?: DeployHooks['register']
  readonly registerConfiguration?: ConfigureHooks['register']
}

export interface SetUpNft {
  readonly nft: CreatedNft
  readonly deployed: DeployedManager
  readonly configured: ConfiguredManager
  /** The market, ready to trade. */
  readonly market: Market
  readonly escrow: string
}

/** The whole staff flow: create, deploy, configure, each registered through its hook. */
export async function setUpNft(
  chain: FlowChain,
  input: NftToCreate & {
    readonly usdcId: bigint
    readonly proxyId?: number
    readonly version?: ContractVersion
    /** v2: the royalty split. */
    readonly royalty?: Royalty
  },
  hooks: SetupHooks = {},
): Promise<SetUpNft> {
  const { usdcId, proxyId, version, royalty, ...nft } = input
  const steps = { run: hooks.run, onProgress: hooks.onProgress }
  // A v2 split also goes in the NFT's ARC-69 note, for wallets and explorers.
  const withRoyalty =
    royalty !== undefined && (version ?? CURRENT_VERSION) !== 1 ? { ...nft, royalty } : nft
  const created = await createNft(chain, withRoyalty, {
    ...steps,
    register: hooks.registerAsset,
  })
  const deployed = await deployManager(
    chain,
    { creator: nft.creator, nftId: created.assetId, usdcId, proxyId, version },
    { ...steps, register: hooks.registerContract },
  )
  const toConfigure: ManagerToConfigure = {
    creator: nft.creator,
    appId: deployed.appId,
    nftId: created.assetId,
    usdcId,
    ...(version !== undefined && { version }),
    ...(royalty !== undefined && { royalty: { creator: nft.creator, ...royalty } }),
  }
  const configured = await configureManager(chain, toConfigure, {
    ...steps,
    register: hooks.registerConfiguration,
  })
  const market = configuredMarket(toConfigure)
  return { nft: created, deployed, configured, market, escrow: escrowAddress(market.appId) }
}

/**
 * The creator's upload proof for submit_asset: a 0-Algo payment to themselves carrying `note`,
 * signed by the creator's signer and never sent.
 */
export async function signUploadProof(
  chain: FlowChain,
  creator: string,
  note: string,
): Promise<Uint8Array> {
  const txn = algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: creator,
    receiver: creator,
    amount: 0n,
    note: new TextEncoder().encode(note),
    suggestedParams: await paramsOf(chain),
  })
  const [signed] = await chain.sign({
    txns: [txn],
    signers: [{ kind: 'wallet', address: creator }],
    fee: txn.fee,
  })
  return signed
}
