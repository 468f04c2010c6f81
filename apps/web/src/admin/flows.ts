/**
 * The staff flows of spec section 4 through @unica/contracts and the action queue: create the NFT
 * (verified by its metadata hash showing up among the account's created assets), deploy its
 * manager through a proxy (verified by the proxy's created-apps list growing), and finish setup
 * (verified by the escrow marker E being set). Each step submits its result to the backend.
 */
import {
  buildConfigure,
  buildCreateNft,
  buildDeploy,
  configureCost,
  deployCost,
  proxyAddress,
  randomProxyId,
  totalCreateCost,
} from '@unica/contracts'
import { submitAssetProofNote, type Asset } from '@unica/schemas'
import { spendable } from '../chain/account.js'
import { invalidateMarket } from '../lib/endpoints.js'
import { MESSAGES, UserError } from '../lib/errors.js'
import type { Services } from '../state/services.js'

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

export interface NewNft {
  readonly unitName: string
  readonly name: string
  readonly description: string
  readonly image: File
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A fresh guid: a random UUID without dashes. */
export function newGuid(): string {
  return crypto.randomUUID().replaceAll('-', '')
}

/** Creates the NFT on chain, verifies it, submits it; resolves with the backend's asset. */
export async function createNft(
  s: Services,
  nft: NewNft,
  siteOrigin = window.location.origin,
): Promise<Asset> {
  const { walletName, address } = session(s)
  const chain = await s.chain()
  const params = await chain.params()
  await requireAlgos(s, address, totalCreateCost(params).total)
  const guid = newGuid()
  const group = buildCreateNft({
    creator: address,
    params,
    unitName: nft.unitName,
    assetName: nft.name,
    url: `${siteOrigin}/nft/${guid}`,
    guid,
    description: nft.description,
    mediaUrl: `${siteOrigin}/nft/${guid}`,
    mimeType: nft.image.type,
  })
  const txId = await s.queue.push({
    message: 'Creating asset...',
    run: async () => chain.send(await chain.sign(walletName, group)),
    verify: async () => (await chain.readAccount(address)).createdGuids.has(guid),
  })
  const assetId = await chain.createdAssetId(txId)
  if (assetId === undefined) throw new UserError(MESSAGES.chainGet)
  return s.queue.push({
    message: 'Submitting asset...',
    run: async () => {
      // The server accepts the upload only with the creator's signed proof (server README).
      const note = submitAssetProofNote(
        assetId.toString(),
        await sha256Hex(new Uint8Array(await nft.image.arrayBuffer())),
        await sha256Hex(new TextEncoder().encode(nft.description)),
      )
      const proof = await chain.signProof(walletName, address, note)
      const { description, image } = nft
      return s.api.submitAsset({
        body: { asset_id: assetId.toString(), description, image, proof },
      })
    },
    verify: false,
  })
}

/** DA to DC: deploy the manager from a fresh proxy, then submit the contract. */
export async function deployContract(s: Services, asset: Asset): Promise<bigint> {
  const { walletName, address } = session(s)
  if (address !== asset.creator_address) throw new UserError(MESSAGES.notStarter)
  const chain = await s.chain()
  const params = await chain.params()
  await requireAlgos(s, address, deployCost(params).total + configureCost(params).total)
  const proxyId = randomProxyId()
  const proxy = proxyAddress(proxyId)
  const group = buildDeploy({
    creator: address,
    proxyId,
    usdcId: s.config.usdcId,
    nftId: BigInt(asset.asset_id),
    params,
  })
  let appId = 0n
  await s.queue.push({
    message: 'Deploying contract...',
    run: async () => chain.send(await chain.sign(walletName, group)),
    verify: async () => {
      const apps = await chain.createdApps(proxy)
      appId = apps[0] ?? 0n
      return appId !== 0n
    },
  })
  const createTx = group.txns[1].txID()
  await s.queue.push({
    message: 'Submitting contract...',
    run: () => s.api.submitContract({ body: { app_id: appId.toString(), tx_id: createTx } }),
    verify: false,
  })
  return appId
}

/** DC to RD: fund the escrow and call C; verify E is set, then submit the configuration. */
export async function finishSetup(s: Services, asset: Asset, appId: bigint): Promise<void> {
  const { walletName, address } = session(s)
  if (address !== asset.creator_address) throw new UserError(MESSAGES.notStarter)
  const chain = await s.chain()
  const params = await chain.params()
  await requireAlgos(s, address, configureCost(params).total)
  const group = buildConfigure({
    creator: address,
    appId,
    nftId: BigInt(asset.asset_id),
    usdcId: s.config.usdcId,
    params,
  })
  await s.queue.push({
    message: 'Finishing setup...',
    run: async () => chain.send(await chain.sign(walletName, group)),
    verify: async () => (await chain.readMarket(appId)).escrow !== null,
  })
  const callTx = group.txns[1].txID()
  await s.queue.push({
    message: 'Submitting configuration...',
    run: () => s.api.submitConfiguration({ body: { app_id: appId.toString(), tx_id: callTx } }),
    verify: false,
  })
  s.store.set({ alert: { kind: 'success', text: MESSAGES.txSuccess, txId: callTx } })
  await invalidateMarket(s.queryClient)
}
