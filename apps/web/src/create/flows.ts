/**
 * The staff flows of docs/product.md §4, through @unica/contracts/flows and the action queue:
 * create the NFT (verified by its metadata hash showing up among the account's created assets),
 * deploy its manager through a proxy (verified by the proxy's created-apps list growing), and
 * finish setup (verified by the escrow marker E being set). Each step submits its result to the backend.
 */
import {
  CONTRACT_VERSIONS,
  configureCost,
  deployCost,
  proxyAddress,
  randomProxyId,
  totalCreateCost,
  type ContractVersion,
  type Royalty,
} from '@unica/contracts'
import {
  configureManager,
  createNft as createNftOnChain,
  deployManager,
  signUploadProof,
  type SetupProgress,
  type SetupStep,
  type StepHooks,
} from '@unica/contracts/flows'
import { submitAssetProofNote, type Asset } from '@unica/schemas'
import algosdk from 'algosdk'
import { spendable } from '../common/chain/account.js'
import { asChainErrors } from '../common/chain/algod-errors.js'
import { invalidateMarket } from '../common/lib/endpoints.js'
import { MESSAGES, UserError } from '../common/lib/errors.js'
import { chainRoyalty } from '../common/lib/royalty.js'
import type { Services } from '../common/state/services.js'
import { royaltyField } from './royalty-input.js'

function session(s: Services) {
  const { walletName, address } = s.store.get()
  if (walletName === null || address === null) throw new UserError(MESSAGES.accounts)
  return { walletName, address }
}

/** Fails with 'Insufficient funds' unless the account can pay `microAlgos` above its minimum. */
async function requireAlgos(s: Services, address: string, microAlgos: bigint): Promise<void> {
  const account = await (await s.chain()).readAccount(address)
  s.store.set({ account })
  if (spendable(account) < microAlgos) throw new UserError(MESSAGES.insufficientFunds)
}

/** What the progress modal shows while each step runs. */
const STEP_MESSAGES: Record<SetupStep, string> = {
  'create-asset': 'Creating asset...',
  'register-asset': 'Submitting asset...',
  deploy: 'Deploying contract...',
  'register-contract': 'Submitting contract...',
  configure: 'Finishing setup...',
  'register-configuration': 'Submitting configuration...',
}

/** Told of each confirmed chain step: its transaction and the fees its group paid. */
export type OnProgress = (progress: SetupProgress) => void

/**
 * Runs each step through the action queue with its message; a chain step is then verified by
 * `verify` (polled until it holds), the backend steps are not.
 */
function queued(s: Services, verify: () => Promise<boolean>, onProgress?: OnProgress): StepHooks {
  return {
    onProgress,
    run: (step, work) =>
      s.queue.push({
        message: STEP_MESSAGES[step],
        run: () => asChainErrors(work),
        verify: step.startsWith('register-') ? false : verify,
      }),
  }
}

export interface NewNft {
  readonly unitName: string
  readonly name: string
  readonly description: string
  readonly image: File
  /** The creator royalty (no recipients: none); the server keeps it for the configure step. */
  readonly royalty: Royalty
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A fresh guid: a random UUID without dashes. */
function newGuid(): string {
  return crypto.randomUUID().replaceAll('-', '')
}

/** Creates the NFT on chain, verifies it, submits it; resolves with the backend's asset. */
export async function createNft(
  s: Services,
  nft: NewNft,
  onProgress?: OnProgress,
  siteOrigin = window.location.origin,
): Promise<Asset> {
  const { walletName, address } = session(s)
  const chain = await s.chain()
  await requireAlgos(s, address, totalCreateCost(await chain.params()).total)
  const guid = newGuid()
  const flowChain = chain.flowChain(walletName)
  let asset: Asset | undefined
  await createNftOnChain(
    flowChain,
    {
      creator: address,
      unitName: nft.unitName,
      assetName: nft.name,
      url: `${siteOrigin}/nft/${guid}`,
      guid,
      description: nft.description,
      mediaUrl: `${siteOrigin}/nft/${guid}`,
      mimeType: nft.image.type,
      // The note's properties carry the split for wallets and explorers (the chain's is the truth).
      ...(nft.royalty.recipients.length > 0 && { royalty: nft.royalty }),
    },
    {
      ...queued(
        s,
        async () => (await chain.readAccount(address)).createdGuids.has(guid),
        onProgress,
      ),
      register: async ({ assetId }) => {
        // The server accepts the upload only with the creator's signed proof (server README).
        const note = submitAssetProofNote(
          assetId.toString(),
          await sha256Hex(new Uint8Array(await nft.image.arrayBuffer())),
          await sha256Hex(new TextEncoder().encode(nft.description)),
        )
        const proof = await signUploadProof(flowChain, address, note)
        const { description, image } = nft
        asset = await s.api.submitAsset({
          body: {
            asset_id: assetId.toString(),
            description,
            image,
            proof: algosdk.bytesToBase64(proof),
            royalty: royaltyField(nft.royalty),
          },
        })
      },
    },
  )
  if (asset === undefined) throw new UserError(MESSAGES.apiPost)
  return asset
}

/** The version the asset's app runs or will run, as the server says (refused when unknown). */
function versionOf(asset: Asset): ContractVersion {
  const v = CONTRACT_VERSIONS.find((x) => x === asset.contract_version)
  if (v === undefined) throw new UserError(MESSAGES.apiGet)
  return v
}

/** DA to DC: deploy the manager from a fresh proxy, then submit the contract. */
export async function deployContract(
  s: Services,
  asset: Asset,
  onProgress?: OnProgress,
): Promise<bigint> {
  const { walletName, address } = session(s)
  if (address !== asset.creator_address) throw new UserError(MESSAGES.notStarter)
  const chain = await s.chain()
  const params = await chain.params()
  await requireAlgos(s, address, deployCost(params).total + configureCost(params).total)
  const proxyId = randomProxyId()
  const version = versionOf(asset)
  // v2's and v3's proxies are bound to their creator (no one else can deploy with them), each
  // to its own manager's hash; v1's is not bound.
  const proxy = version === 1 ? proxyAddress(proxyId) : proxyAddress(proxyId, address, version)
  const deployed = await deployManager(
    chain.flowChain(walletName),
    {
      creator: address,
      proxyId,
      usdcId: s.config.usdcId,
      nftId: BigInt(asset.asset_id),
      version,
    },
    {
      ...queued(s, async () => (await chain.createdApps(proxy)).length > 0, onProgress),
      register: async ({ appId, createTxId }) => {
        await s.api.submitContract({ body: { app_id: appId.toString(), tx_id: createTxId } })
      },
    },
  )
  return deployed.appId
}

/** The configure call's version, and for v2 the royalty the creator chose (fixed from then on). */
function configuredVersion(asset: Asset) {
  const version = versionOf(asset)
  if (version === 1) return { version }
  const recipients = asset.royalty === null ? [] : chainRoyalty(asset.royalty).recipients
  return { version, royalty: { creator: asset.creator_address, recipients } }
}

/** DC to RD: fund the escrow and call C; verify E is set, then submit the configuration. */
export async function finishSetup(
  s: Services,
  asset: Asset,
  appId: bigint,
  onProgress?: OnProgress,
): Promise<void> {
  const { walletName, address } = session(s)
  if (address !== asset.creator_address) throw new UserError(MESSAGES.notStarter)
  const chain = await s.chain()
  await requireAlgos(s, address, configureCost(await chain.params()).total)
  const configured = await configureManager(
    chain.flowChain(walletName),
    {
      creator: address,
      appId,
      nftId: BigInt(asset.asset_id),
      usdcId: s.config.usdcId,
      ...configuredVersion(asset),
    },
    {
      ...queued(s, async () => (await chain.readMarket(appId)).escrow !== null, onProgress),
      register: async ({ callTxId }) => {
        await s.api.submitConfiguration({ body: { app_id: appId.toString(), tx_id: callTxId } })
      },
    },
  )
  s.store.set({ alert: { kind: 'success', text: MESSAGES.txSuccess, txId: configured.callTxId } })
  await invalidateMarket(s.queryClient)
}
