/**
 * /rescue (issue 14): funds in our contracts never depend on our server. With only a wallet and
 * the chain (algod, and the indexer where algod cannot answer) the page finds every Unica manager
 * where the account has a bid, a listing or royalties held, and cancels, delists or claims,
 * signing with the wallet and sending straight to algod. It never calls our API. The wallet the app
 * has connected in this browser is restored, and its account searched, without asking. Each find
 * is named by its piece (the NFT's name on chain).
 */
import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import algosdk from 'algosdk'
import { RESCUE_ACTIONS, type RescueItem, type RescueScan } from '@unica/contracts'
import { isDevNetwork, type AppConfig } from '../common/lib/config.js'
import { formatUnits } from '../common/lib/format.js'
import { offeredWallets } from '../common/wallet/choices.js'
import type { PieceName, RescueNodes, RescueWallet } from './chain.js'
import { rememberedWallet, type RememberedWallet } from './sources.js'

const chain = () => import('./chain.js')

const WHAT = {
  bid: 'Your bid',
  listing: 'Your listing, at',
  royalty: 'Royalty held for you',
  auction: 'Your auction without a bid, reserve',
  held: 'Held for you (refund or proceeds)',
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e))

const input = 'w-full rounded border border-slate-300 px-2 py-1'
const button =
  'rounded bg-indigo-600 px-3 py-1 font-medium text-white hover:bg-indigo-700 disabled:opacity-50'

type Found =
  | { readonly state: 'idle' }
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly text: string }
  | {
      readonly state: 'done'
      readonly scan: RescueScan
      /** The pieces' names read from the chain, by NFT id (missing: named by the id). */
      readonly names: ReadonlyMap<bigint, PieceName>
    }

export function RescuePage({
  config,
  connect = async (id) => (await chain()).connectWallet(config, id),
  remembered = rememberedWallet(),
  resume = async (id) => (await chain()).resumeWallet(config, id),
}: {
  config: AppConfig
  /** Connects a wallet by id (the app's wallet layer; tests bring keys). */
  connect?: (id: string) => Promise<RescueWallet>
  /** The wallet and account the app had connected in this browser, restored on opening. */
  remembered?: RememberedWallet | null
  /** Restores a wallet's session by id; null when it has none. */
  resume?: (id: string) => Promise<RescueWallet | null>
}) {
  const [nodes, setNodes] = useState<RescueNodes>({
    algodUrl: config.algodUrl,
    indexerUrl: config.indexerUrl,
    token: config.algodToken,
  })
  const [wallet, setWallet] = useState<RescueWallet | null>(null)
  const [walletError, setWalletError] = useState<string | null>(null)
  const [resuming, setResuming] = useState(remembered !== null)
  const [account, setAccount] = useState('')
  const [appIds, setAppIds] = useState<bigint[]>([])
  const [appText, setAppText] = useState('')
  const [appError, setAppError] = useState<string | null>(null)
  const [found, setFound] = useState<Found>({ state: 'idle' })
  const [busy, setBusy] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)

  async function search(address = account, ids = appIds): Promise<void> {
    if (!algosdk.isValidAddress(address)) {
      setFound({ state: 'error', text: 'Enter an Algorand address, or connect a wallet.' })
      return
    }
    setFound({ state: 'loading' })
    try {
      const rescue = await chain()
      const scan = await rescue.scanAccount(nodes, address, ids)
      const names = await rescue.pieceNames(
        nodes,
        scan.items.map((i) => i.market.nftId),
      )
      setFound({ state: 'done', scan, names })
    } catch (e) {
      setFound({
        state: 'error',
        text: `Could not read the chain at ${nodes.algodUrl}: ${message(e)}`,
      })
    }
  }

  // Once per opening (a ref: React may run an effect twice in development).
  const resumed = useRef(false)
  useEffect(() => {
    if (remembered === null || resumed.current) return
    resumed.current = true
    void (async () => {
      try {
        const w = await resume(remembered.walletName)
        if (w === null) return
        const address =
          remembered.address !== null && w.accounts.includes(remembered.address)
            ? remembered.address
            : w.accounts[0]
        setWallet(w)
        setAccount(address)
        await search(address)
      } catch (e) {
        setWalletError(`Could not reconnect your wallet: ${message(e)}`)
      } finally {
        setResuming(false)
      }
    })()
    // Only on opening: what the user changes later is theirs.
  }, [])

  async function onConnect(id: string): Promise<void> {
    setWalletError(null)
    try {
      const w = await connect(id)
      if (w.accounts.length === 0) throw new Error('the wallet has no account')
      // The account the app used last, when this wallet has it.
      const last = remembered?.address ?? null
      const address = last !== null && w.accounts.includes(last) ? last : w.accounts[0]
      setWallet(w)
      setAccount(address)
      await search(address)
    } catch (e) {
      setWalletError(`Could not connect: ${message(e)}`)
    }
  }

  function onAddApp(e: SyntheticEvent): void {
    e.preventDefault()
    const text = appText.trim()
    if (!/^[1-9][0-9]{0,19}$/.test(text) || BigInt(text) >= 2n ** 64n) {
      setAppError('An application id is a positive whole number.')
      return
    }
    setAppError(null)
    setAppText('')
    const ids = appIds.includes(BigInt(text)) ? appIds : [...appIds, BigInt(text)]
    setAppIds(ids)
    if (algosdk.isValidAddress(account)) void search(account, ids)
  }

  async function onRescue(item: RescueItem, key: string): Promise<void> {
    if (wallet === null) return
    setBusy(key)
    setOutcome(null)
    try {
      const txId = await (await chain()).rescueItem(nodes, item, account, wallet)
      setOutcome({
        ok: true,
        text: `${RESCUE_ACTIONS[item.kind]}: done on app ${item.market.appId} (transaction ${txId}).`,
      })
      await search()
    } catch (e) {
      setOutcome({ ok: false, text: `${RESCUE_ACTIONS[item.kind]} failed: ${message(e)}` })
    } finally {
      setBusy(null)
    }
  }

  const canSign = wallet?.accounts.includes(account) === true
  const usdc = (amount: bigint) => `${formatUnits(amount, config.usdcDecimals)} USDC`

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Rescue your funds</h1>
        <p className="text-slate-700">
          Your bids, listings and royalties live in the contracts, not on our server. This page
          finds them with only your wallet and the Algorand network (algod and the indexer), and
          lets you cancel a bid, delist or claim, without Unica&apos;s server.
        </p>
      </header>

      <details className="rounded border border-slate-200 p-3">
        <summary className="cursor-pointer font-medium">Network sources</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm">
            algod URL
            <input
              className={input}
              value={nodes.algodUrl}
              onChange={(e) => {
                setNodes({ ...nodes, algodUrl: e.target.value })
              }}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Indexer URL (empty: none)
            <input
              className={input}
              value={nodes.indexerUrl}
              onChange={(e) => {
                setNodes({ ...nodes, indexerUrl: e.target.value })
              }}
            />
          </label>
        </div>
      </details>

      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">Wallet</h2>
        {resuming ? (
          <p role="status">Reconnecting your wallet…</p>
        ) : wallet === null ? (
          <div className="flex flex-wrap gap-2">
            {offeredWallets(isDevNetwork(config.network)).map((w) => (
              <button
                key={w.id}
                type="button"
                className={button}
                onClick={() => void onConnect(w.id)}
              >
                Connect {w.name}
              </button>
            ))}
          </div>
        ) : (
          <p className="break-all text-sm">
            Connected ({wallet.name}): {wallet.accounts.length} account(s).
          </p>
        )}
        {walletError !== null && (
          <p role="alert" className="text-red-700">
            {walletError}
          </p>
        )}
      </div>

      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault()
          void search()
        }}
      >
        <label className="flex flex-1 flex-col gap-1 text-sm">
          Account
          {wallet !== null && wallet.accounts.length > 1 ? (
            <select
              className={input}
              value={account}
              onChange={(e) => {
                setAccount(e.target.value)
                void search(e.target.value)
              }}
            >
              {wallet.accounts.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
          ) : (
            <input
              className={input}
              value={account}
              placeholder="An address (read only without its wallet)"
              onChange={(e) => {
                setAccount(e.target.value.trim())
              }}
            />
          )}
        </label>
        <button type="submit" className={button}>
          Search
        </button>
      </form>

      <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={onAddApp}>
        <label className="flex flex-1 flex-col gap-1 text-sm">
          Add an application id (for what the search cannot find)
          <input
            className={input}
            inputMode="numeric"
            value={appText}
            onChange={(e) => {
              setAppText(e.target.value)
            }}
          />
        </label>
        <button type="submit" className={button}>
          Add
        </button>
      </form>
      {appError !== null && (
        <p role="alert" className="text-red-700">
          {appError}
        </p>
      )}
      {appIds.length > 0 && (
        <p className="text-sm text-slate-600">Added: {appIds.map(String).join(', ')}</p>
      )}

      {outcome !== null && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={`break-all rounded px-3 py-2 ${outcome.ok ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
        >
          {outcome.text}
        </p>
      )}

      <Results
        found={found}
        busy={busy}
        canSign={canSign}
        usdc={usdc}
        onRescue={(item, key) => void onRescue(item, key)}
      />
    </section>
  )
}

/** A piece's title: its name and unit name from the chain, else its NFT id. */
function pieceTitle(name: PieceName | undefined, nftId: bigint): string {
  if (name === undefined || (name.name === '' && name.unitName === ''))
    return `NFT ${String(nftId)}`
  if (name.unitName === '') return name.name
  if (name.name === '') return name.unitName
  return `${name.name} (${name.unitName})`
}

function Results({
  found,
  busy,
  canSign,
  usdc,
  onRescue,
}: {
  found: Found
  busy: string | null
  canSign: boolean
  usdc: (amount: bigint) => string
  onRescue: (item: RescueItem, key: string) => void
}) {
  if (found.state === 'idle') {
    return <p className="text-slate-600">Connect a wallet or enter an address to search.</p>
  }
  if (found.state === 'loading') return <p role="status">Searching algod and the indexer…</p>
  if (found.state === 'error') {
    return (
      <p role="alert" className="text-red-700">
        {found.text}
      </p>
    )
  }
  const { scan } = found
  const indexer = scan.sources.indexer
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Found</h2>
      {scan.items.length === 0 ? (
        <p>Nothing to rescue: no bid, listing, auction or amount held for this account.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {scan.items.map((item) => {
            const key = `${item.kind}-${item.market.appId}`
            const whyNot = `${key}-why-not`
            return (
              <li
                key={key}
                className="flex flex-col gap-2 rounded border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="break-words font-semibold">
                    {pieceTitle(found.names.get(item.market.nftId), item.market.nftId)}
                  </p>
                  <p>
                    {WHAT[item.kind]} {usdc(item.amount)}
                  </p>
                  <p className="text-sm text-slate-600">
                    App {String(item.market.appId)} (contract v{item.market.version}), NFT{' '}
                    {String(item.market.nftId)}
                    {item.optedIn === false && '; you left the app: this opts you in again first'}
                    {!item.canReceive &&
                      `; you are not opted in to ${item.kind === 'listing' || item.kind === 'auction' ? 'the NFT' : 'USDC'}: this opts you in first`}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col gap-1 sm:items-end">
                  <button
                    type="button"
                    className={button}
                    disabled={!canSign || busy !== null}
                    aria-describedby={canSign ? undefined : whyNot}
                    onClick={() => {
                      onRescue(item, key)
                    }}
                  >
                    {busy === key ? 'Signing and sending…' : RESCUE_ACTIONS[item.kind]}
                  </button>
                  {!canSign && (
                    <p id={whyNot} className="text-sm text-slate-600 sm:text-right">
                      Connect the wallet of this account to{' '}
                      {RESCUE_ACTIONS[item.kind].toLowerCase()}.
                    </p>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <p className="text-sm text-slate-600">
        Sources: algod (used); indexer (
        {typeof indexer === 'string' ? indexer : `failed: ${indexer.failed}`}). Unica managers
        checked: {scan.managers.length}.
      </p>
      {scan.unchecked.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-amber-800">
          {scan.unchecked.map((line) => (
            <li key={line}>Not checked: {line}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
