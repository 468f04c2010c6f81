/**
 * Deploy contract (docs/product.md §2 and §4), titled 'Create NFT': the read-only ticker, name and
 * description, the checklist of the three chain steps (asset created, contract deployed, setup
 * finished; each with its transaction and fees once this browser ran it), and 'Deploy Contract'
 * (DA) or 'Finish Setup' (DC). With ?start it starts by itself once the wallet is ready and it is
 * the creator's. When its run ends the screen stays, with 'View your NFT'; an asset already ready
 * when the screen opens goes to its details.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import type { Asset } from '@unica/schemas'
import { Spinner, buttonClass, inputClass } from '../common/components/modal.js'
import { assetQuery } from '../common/lib/endpoints.js'
import { MESSAGES, UserError } from '../common/lib/errors.js'
import { useBack } from '../common/routing/guards.js'
import { paths } from '../common/routing/paths.js'
import { showError } from '../common/state/session.js'
import { useServices, type Services } from '../common/state/services.js'
import { useStore } from '../common/state/store.js'
import { Checklist } from './checklist.js'
import { checklist, createdRecord, type StepRecords } from './deploy-steps.js'
import { deployContract, finishSetup, type OnProgress } from './flows.js'

async function run(s: Services, asset: Asset, onProgress: OnProgress): Promise<void> {
  let appId = asset.application_id === null ? null : BigInt(asset.application_id)
  if (asset.status === 'DA' || appId === null) appId = await deployContract(s, asset, onProgress)
  await finishSetup(s, asset, appId, onProgress)
}

export function DeployContractPage() {
  const services = useServices()
  const { api, store } = services
  const { id = '' } = useParams()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const back = useBack()
  const address = useStore(store, (s) => s.address)
  const account = useStore(store, (s) => s.account)
  const busy = useStore(store, (s) => s.pendingAction !== null || s.pendingUpdate !== null)
  const q = useQuery(assetQuery(api, id))
  const [running, setRunning] = useState(false)
  const [finished, setFinished] = useState(false)
  const created = createdRecord(useLocation().state)
  const [records, setRecords] = useState<StepRecords>(
    created === null ? {} : { 'create-asset': created },
  )
  const started = useRef(false)
  const asset = q.data

  useEffect(() => {
    if (q.isError) back()
    // Only an asset that was ready before this screen ran anything: a run ends on this screen.
    else if (asset?.status === 'RD' && !started.current) {
      void navigate(paths.asset(asset.guid), { replace: true })
    }
  })

  async function start(a: Asset) {
    started.current = true
    setRunning(true)
    try {
      if (store.get().address !== a.creator_address) throw new UserError(MESSAGES.notStarter)
      await run(services, a, ({ step, txId, fee }) => {
        setRecords((r) => ({ ...r, [step]: { txId, fee } }))
      })
      setFinished(true)
    } catch (e) {
      showError(services, e)
      void q.refetch()
    } finally {
      setRunning(false)
    }
  }

  // Auto-start: ?start, the wallet ready (account data loaded), and the creator's wallet.
  const wantsStart = search.has('start')
  useEffect(() => {
    if (!wantsStart || started.current || asset === undefined || asset.status === 'RD') return
    if (account === null || address !== asset.creator_address) return
    void start(asset)
  })

  if (asset === undefined) return <Spinner />
  const label = asset.status === 'DA' ? 'Deploy Contract' : 'Finish Setup'
  const field = (id: string, text: string, value: string, rows?: number) => (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {text}
      </label>
      {rows === undefined ? (
        <input id={id} className={`${inputClass} bg-slate-50`} value={value} readOnly />
      ) : (
        <textarea
          id={id}
          rows={rows}
          className={`${inputClass} bg-slate-50`}
          value={value}
          readOnly
        />
      )}
    </div>
  )
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Create NFT</h1>
      {field('deploy-unit', 'Ticker Symbol', asset.unit_name)}
      {field('deploy-name', 'Asset Name', asset.name)}
      {field('deploy-description', 'Description', asset.description, 6)}
      <Checklist items={checklist(asset.status, records)} running={running} />
      {finished ? (
        <Link to={paths.asset(asset.guid)} className={`${buttonClass} text-center`}>
          View your NFT
        </Link>
      ) : (
        <button
          type="button"
          className={buttonClass}
          disabled={running || busy || address === null}
          onClick={() => void start(asset)}
        >
          {label}
        </button>
      )}
    </div>
  )
}
