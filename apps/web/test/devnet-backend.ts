/**
 * The devnet tests' backend double: the API over HTTP as the web app's client calls it. It records
 * submissions and, as the worker would, hands send_tx's blob to algod and reports the outcome on
 * the operation; the asset it answers has the contract version the test deploys.
 */
import algosdk from 'algosdk'
import type { Devnet } from '@unica/devnet'
import type { Asset } from '@unica/schemas'
import type { AppConfig } from '../src/common/lib/config.js'
import type { Services } from '../src/common/state/services.js'

/** The backend double: submissions recorded, send_tx relayed to algod like the worker. */
function backend(algod: algosdk.Algodv2, creator: () => string, version = 1) {
  const submitted: Record<string, unknown>[] = []
  const operations = new Map<
    string,
    { is_pending: boolean; is_executed: boolean; failure_reason: string | null }
  >()
  let assetGuid = ''
  let assetId = ''
  const asset = (): Asset => ({
    guid: assetGuid,
    asset_id: assetId,
    application_id: null,
    contract_version: version,
    royalty: null,
    escrow_address: null,
    status: 'DA',
    name: 'Sunrise',
    unit_name: 'SUN',
    description: 'A sunrise.',
    image: null,
    thumbnail: null,
    creator_address: creator(),
    owner_address: creator(),
    holding_address: creator(),
    price: null,
    highest_bid: null,
    created_at: new Date().toISOString(),
  })
  const fetchImpl = async (input: string, init?: RequestInit): Promise<Response> => {
    // The app's API client always passes a string URL.
    const url = new URL(input, 'http://app.test')
    if (url.pathname === '/api/token/') return Response.json({ token: 't' })
    if (url.pathname === '/api/assets/submit_asset/') {
      const form = init?.body as FormData
      assetId = form.get('asset_id') as string
      assetGuid = 'f'.repeat(32)
      submitted.push({ kind: 'asset', asset_id: assetId, proof: form.get('proof') })
      return Response.json(asset(), { status: 201 })
    }
    if (url.pathname.startsWith('/api/contracts/submit_')) {
      submitted.push({ kind: url.pathname, ...(JSON.parse(init?.body as string) as object) })
      return Response.json(asset(), { status: 200 })
    }
    if (url.pathname === '/api/operations/send_tx/') {
      const { blob } = JSON.parse(init?.body as string) as { blob: string }
      const id = String(operations.size + 1)
      try {
        const { txid } = await algod.sendRawTransaction(algosdk.base64ToBytes(blob)).do()
        await algosdk.waitForConfirmation(algod, txid, 5)
        operations.set(id, { is_pending: false, is_executed: true, failure_reason: null })
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e)
        operations.set(id, { is_pending: false, is_executed: false, failure_reason: reason })
      }
      return Response.json({ operation_id: id }, { status: 201 })
    }
    const op = /^\/api\/operations\/(\d+)$/.exec(url.pathname)
    if (op !== null) {
      const status = operations.get(op[1])
      return status === undefined
        ? Response.json({ detail: 'Not found.' }, { status: 404 })
        : Response.json({ operation_id: op[1], ...status })
    }
    if (url.pathname.startsWith('/api/users/')) {
      return Response.json({ address: url.pathname.split('/')[3], is_staff: true })
    }
    return Response.json({ detail: 'Not found.' }, { status: 404 })
  }
  return { fetch: fetchImpl as unknown as typeof fetch, submitted, asset }
}

export function setup(
  devnet: Devnet,
  algod: algosdk.Algodv2,
  createServices: (config: AppConfig, options: { fetch: typeof fetch }) => Services,
  version = 1,
) {
  const config: AppConfig = {
    network: 'devnet',
    genesisId: devnet.info.genesisId,
    algodUrl: devnet.urls.algod,
    algodToken: devnet.token,
    indexerUrl: devnet.urls.indexer,
    kmdUrl: devnet.urls.kmd,
    usdcId: devnet.info.usdcAssetId,
    usdcDecimals: 6,
    explorerUrl: `${devnet.urls.algod}/explorer`,
  }
  let address = ''
  const fake = backend(algod, () => address, version)
  const services = createServices(config, { fetch: fake.fetch })
  services.store.subscribe(() => {
    address = services.store.get().address ?? ''
  })
  return { services, fake }
}
