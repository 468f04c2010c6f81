/**
 * Become a creator (docs/product.md §2 and §5): the application form, validated with the shared zod
 * schema (the server applies the same one), the creator guidelines, and the thank-you text.
 */
import { CreatorApplication, SOCIAL_FIELDS } from '@unica/schemas'
import { useState } from 'react'
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form'
import { buttonClass, inputClass } from '../common/components/modal.js'
import { MESSAGES, fieldErrors } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { useStore } from '../common/state/store.js'

const FIELDS = [
  { name: 'name', label: 'Name', required: true },
  { name: 'alias', label: 'Alias' },
  { name: 'email', label: 'Email', required: true, type: 'email' },
  { name: 'about', label: 'About you', required: true, textarea: true },
  { name: 'twitter_url', label: 'Twitter' },
  { name: 'instagram_url', label: 'Instagram' },
  { name: 'facebook_url', label: 'Facebook' },
  { name: 'tiktok_url', label: 'TikTok' },
  { name: 'behance_url', label: 'Behance' },
  { name: 'portfolio_url', label: 'Portfolio / website', required: true },
] as const

type FieldName = (typeof FIELDS)[number]['name']
export type CreatorForm = Record<FieldName, string>
const SOCIAL = 'non_field_errors'

/** Validates with the shared schema; the social-account rule is reported under its own key. */
function creatorResolver(address: string): Resolver<CreatorForm> {
  return (values) => {
    const r = CreatorApplication.safeParse({ ...values, wallet_address: address })
    if (r.success) return { values, errors: {} }
    const errors: Record<string, { type: string; message: string }> = {}
    for (const issue of r.error.issues) {
      const key = String(issue.path[0] ?? SOCIAL)
      errors[key] ??= { type: 'validate', message: issue.message }
    }
    return { values: {}, errors: errors as FieldErrors<CreatorForm> }
  }
}

const EMPTY = Object.fromEntries(FIELDS.map((f) => [f.name, ''])) as CreatorForm

export function BecomeCreatorPage() {
  const { api, store } = useServices()
  const address = useStore(store, (s) => s.address) ?? ''
  const [done, setDone] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const form = useForm<CreatorForm>({
    defaultValues: EMPTY,
    resolver: creatorResolver(address),
    mode: 'onTouched',
  })
  const { errors, isSubmitting, isValid, submitCount } = form.formState
  const socialError = (errors as Record<string, { message?: string } | undefined>)[SOCIAL]?.message

  async function submit(values: CreatorForm) {
    setServerError(null)
    try {
      await api.submitCreatorApplication({ body: { ...values, wallet_address: address } })
      setDone(true)
    } catch (e) {
      const fields = fieldErrors(e)
      for (const [k, v] of Object.entries(fields)) form.setError(k as FieldName, { message: v })
      setServerError(Object.keys(fields).length === 0 ? MESSAGES.apiPost : null)
    }
  }

  if (done) {
    return <p className="text-xl font-semibold">Thanks, we received your application!</p>
  }
  return (
    <div className="grid gap-10 md:grid-cols-[2fr_1fr]">
      <form
        noValidate
        onSubmit={(e) => void form.handleSubmit(submit)(e)}
        className="flex flex-col gap-4"
      >
        <h1 className="text-3xl font-bold">Become a Creator</h1>
        {FIELDS.map((f) => {
          const id = `creator-${f.name}`
          const error = errors[f.name]?.message
          const social = (SOCIAL_FIELDS as readonly string[]).includes(f.name)
          const reg = form.register(f.name, {
            onChange: () => {
              if (social) form.clearErrors(SOCIAL as FieldName)
            },
          })
          return (
            <div key={f.name}>
              <label htmlFor={id} className="mb-1 block text-sm font-medium">
                {f.label}
                {'required' in f ? ' *' : ''}
              </label>
              {'textarea' in f ? (
                <textarea
                  id={id}
                  rows={6}
                  className={inputClass}
                  aria-invalid={error !== undefined}
                  {...reg}
                />
              ) : (
                <input
                  id={id}
                  type={
                    'type' in f ? f.type : social || f.name === 'portfolio_url' ? 'url' : 'text'
                  }
                  className={inputClass}
                  aria-invalid={error !== undefined}
                  aria-describedby={error !== undefined ? `${id}-error` : undefined}
                  {...reg}
                />
              )}
              {error !== undefined && (
                <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          )
        })}
        {socialError !== undefined && (
          <p role="alert" className="text-sm text-red-700">
            {socialError}
          </p>
        )}
        {serverError !== null && (
          <p role="alert" className="text-sm text-red-700">
            {serverError}
          </p>
        )}
        <button
          type="submit"
          className={`${buttonClass} ${submitCount > 0 && !isValid ? 'bg-red-600 hover:bg-red-500' : ''}`}
          disabled={isSubmitting}
        >
          Submit
        </button>
      </form>
      <aside className="rounded-lg bg-slate-50 p-6 text-sm text-slate-700">
        <h2 className="mb-2 text-lg font-semibold">Creator guidelines</h2>
        <p className="mb-2">Applications are not being reviewed at the moment.</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>The work is created and owned by you.</li>
          <li>It is not sold, for sale, or tokenized elsewhere.</li>
          <li>Supported file types: png, gif, jpeg, mp4.</li>
        </ul>
      </aside>
    </div>
  )
}
