/**
 * Create NFT (docs/product.md §2, §4 and §5): image box, Ticker Symbol, Asset Name, Description,
 * the creator royalty (§3: up to 4 recipients, 0-15%, royalty-fields.tsx), the total cost, a limits error box and the Add NFT button. Validate (image here, the fields by
 * the backend), create on chain, verify, submit, then go to the deploy screen with start=true.
 */
import { arc69Note, totalCreateCost, type Royalty } from '@unica/contracts'
import { useEffect, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { Spinner, buttonClass, inputClass } from '../common/components/modal.js'
import { MESSAGES, fieldErrors } from '../common/lib/errors.js'
import { formatAlgos } from '../common/lib/format.js'
import { paths } from '../common/routing/paths.js'
import { showError } from '../common/state/session.js'
import { useServices } from '../common/state/services.js'
import { useStore } from '../common/state/store.js'
import type { CreatedState } from './deploy-steps.js'
import { createNft } from './flows.js'
import { IMAGE_HINT, imageError } from './image.js'
import { RoyaltyFields } from './royalty-fields.js'
import { defaultRows, readRoyalty, type RoyaltyRow } from './royalty-input.js'

/** Max opted-in apps per account the UI allows before creating (docs/product.md §9). */
const MAX_OPTED_IN_APPS = 10

type Field = 'unit_name' | 'name' | 'description' | 'image'

/** Shown when the description and the royalty split together overflow the NFT's note. */
const NOTE_TOO_LONG =
  "The description and the royalty recipients do not fit together in the NFT's note (1024 bytes): shorten the description or use fewer recipients."

/**
 * Whether the ARC-69 note, which carries the description and the split, fits the chain's 1024
 * bytes: the description's own limit leaves room for the media URL, not always for 4 recipients.
 */
function noteFits(description: string, royalty: Royalty): boolean {
  const url = `${window.location.origin}/nft/${'0'.repeat(32)}`
  try {
    arc69Note({
      unitName: 'U',
      assetName: 'N',
      url,
      guid: '0'.repeat(32),
      description,
      mediaUrl: url,
      mimeType: 'image/jpeg',
      royalty,
    })
    return true
  } catch {
    return false
  }
}

export function AddNftPage() {
  const services = useServices()
  const navigate = useNavigate()
  const account = useStore(services.store, (s) => s.account)
  const address = useStore(services.store, (s) => s.address)
  const pendingUpdate = useStore(services.store, (s) => s.pendingUpdate)
  const [unitName, setUnitName] = useState('')
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [image, setImage] = useState<File | null>(null)
  const [royaltyRows, setRoyaltyRows] = useState<RoyaltyRow[]>(() => defaultRows(address))
  const royalty = readRoyalty(royaltyRows)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [validating, setValidating] = useState(false)
  const [cost, setCost] = useState<bigint | null>(null)
  const ids = { unit_name: useId(), name: useId(), description: useId(), image: useId() }

  useEffect(() => {
    let live = true
    services
      .chain()
      .then((c) => c.params())
      .then((p) => {
        if (live) setCost(totalCreateCost(p).total)
      })
      .catch((e: unknown) => {
        if (live) showError(services, e)
      })
    return () => {
      live = false
    }
  }, [services])

  // The default recipient is the connected creator, once the wallet says who that is.
  useEffect(() => {
    if (address === null) return
    setRoyaltyRows((rows) =>
      rows.length === 1 && rows[0]?.address === '' ? [{ ...rows[0], address }] : rows,
    )
  }, [address])

  const limitError =
    account !== null && account.appsOptedIn >= MAX_OPTED_IN_APPS
      ? MESSAGES.maxAppsCreate
      : royalty.royalty !== null &&
          royalty.royalty.recipients.length > 0 &&
          !noteFits(description, royalty.royalty)
        ? NOTE_TOO_LONG
        : null
  const firstError = Object.values(errors).find((e): e is string => typeof e === 'string') ?? null
  const ready = account !== null && cost !== null
  const disabled =
    !ready ||
    validating ||
    pendingUpdate !== null ||
    firstError !== null ||
    limitError !== null ||
    royalty.royalty === null

  const clear = (f: Field) => {
    setErrors((e) => ({ ...e, [f]: undefined }))
  }

  async function submit(e: React.SyntheticEvent) {
    e.preventDefault()
    const split = royalty.royalty
    if (split === null) return
    setValidating(true)
    try {
      const found: Partial<Record<Field, string>> = {}
      const img = await imageError(image)
      if (img !== null) found.image = img
      try {
        const answer = await services.api.validateAsset({
          body: { unit_name: unitName, name, description },
        })
        for (const [k, v] of Object.entries(answer)) {
          const m = Array.isArray(v) ? (v[0] as string | undefined) : v
          if (m !== undefined && m !== '') found[k as Field] = m
        }
      } catch (err) {
        const fields = fieldErrors(err)
        if (Object.keys(fields).length === 0) throw err
        Object.assign(found, fields)
      }
      setErrors(found)
      if (Object.keys(found).length > 0) return
      setValidating(false)
      let created: CreatedState['created'] | undefined
      const asset = await createNft(
        services,
        { unitName, name, description, image: image!, royalty: split },
        ({ txId, fee }) => (created = { txId, fee: fee.toString() }),
      )
      // The deploy screen's checklist shows this creation's transaction and fees.
      void navigate(paths.deployContract(asset.guid, true), {
        state: created === undefined ? undefined : ({ created } satisfies CreatedState),
      })
    } catch (err) {
      showError(services, err)
    } finally {
      setValidating(false)
    }
  }

  const fieldError = (f: Field) =>
    errors[f] !== undefined && (
      <p id={`${f}-error`} role="alert" className="mt-1 text-sm text-red-700">
        {errors[f]}
      </p>
    )

  /** A labelled text field (a textarea when given rows) whose edit clears its error. */
  const textField = (
    f: Exclude<Field, 'image'>,
    label: string,
    value: string,
    set: (value: string) => void,
    rows?: number,
  ) => {
    const props = {
      id: ids[f],
      className: inputClass,
      value,
      'aria-invalid': errors[f] !== undefined,
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        set(e.target.value)
        clear(f)
      },
    }
    return (
      <div>
        <label htmlFor={ids[f]} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        {rows === undefined ? <input {...props} /> : <textarea rows={rows} {...props} />}
        {fieldError(f)}
      </div>
    )
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="mx-auto flex max-w-xl flex-col gap-4"
    >
      <h1 className="text-3xl font-bold">Create NFT</h1>
      <div>
        <label
          htmlFor={ids.image}
          className="flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 p-8 text-center hover:bg-slate-50"
        >
          <span className="font-medium">{image === null ? 'Upload an image' : image.name}</span>
          <span className="text-sm text-slate-500">{IMAGE_HINT.required}</span>
          <span className="text-sm text-slate-500">{IMAGE_HINT.recommended}</span>
        </label>
        <input
          id={ids.image}
          type="file"
          accept="image/png,image/jpeg,image/gif"
          className="sr-only"
          aria-invalid={errors.image !== undefined}
          onChange={(e) => {
            setImage(e.target.files?.[0] ?? null)
            clear('image')
          }}
        />
        {fieldError('image')}
      </div>
      {textField('unit_name', 'Ticker Symbol', unitName, (v) => {
        setUnitName(v.toUpperCase())
      })}
      {textField('name', 'Asset Name', name, setName)}
      {textField('description', 'Description', description, setDescription, 6)}
      <RoyaltyFields rows={royaltyRows} reading={royalty} onChange={setRoyaltyRows} />
      <p>Total cost: {cost === null ? '…' : `${formatAlgos(cost)} Algos`}</p>
      {limitError !== null && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {limitError}
        </div>
      )}
      <button
        type="submit"
        className={buttonClass}
        disabled={disabled}
        title={firstError ?? limitError ?? royalty.total ?? undefined}
      >
        {(!ready || validating) && <Spinner label="Validating" />}
        Add NFT
      </button>
    </form>
  )
}
