/**
 * Email notifications (docs/product.md §12), on the Sessions page: the signed-in account's
 * address and whether it is confirmed; set it (the server mails a confirmation link, and mails
 * nothing before it is followed) or remove it. A server without SMTP says so instead of a form.
 */
import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState, type SyntheticEvent } from 'react'
import { ApiError, EmailBody, type EmailSettings } from '@unica/schemas'
import {
  Spinner,
  buttonClass,
  inputClass,
  secondaryButtonClass,
} from '../common/components/modal.js'
import { fieldErrors, userMessage } from '../common/lib/errors.js'
import { useServices } from '../common/state/services.js'
import { emailQuery, personalKeys } from '../common/lib/personal-queries.js'

export const EMAIL_MESSAGES = {
  unavailable: 'Email is not configured on this server.',
  none: 'No email address set: notifications stay in the bell.',
  confirmed: 'Confirmed: notifications are mailed to this address.',
  pending: 'Not confirmed yet: follow the link we mailed to this address.',
  removed: 'Email address removed.',
  sent: (address: string) => `We sent a confirmation link to ${address}.`,
} as const

/** The server's 503 when it has no SMTP server (apps/server/src/routes/personal.ts). */
const NO_SMTP = 'This server sends no email.'

/**
 * A failed save, in words. A 503 is either a server without SMTP (our own words for it) or a
 * mail that could not go out (the server's words: try again later); a 400 names the field.
 */
export function emailErrorMessage(e: unknown): string {
  if (e instanceof ApiError && e.status === 503) {
    const detail = (e.body as { detail?: unknown } | null)?.detail
    return typeof detail === 'string' && detail !== NO_SMTP ? detail : EMAIL_MESSAGES.unavailable
  }
  const fields = fieldErrors(e)
  return Object.hasOwn(fields, 'address') ? fields.address : userMessage(e)
}

export function EmailSettingsSection() {
  const services = useServices()
  const settings = useQuery(emailQuery(services.api))
  const inputId = useId()
  const errorId = useId()
  const [address, setAddress] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const store = (next: EmailSettings) => {
    services.queryClient.setQueryData(personalKeys.email, next)
  }
  const save = useMutation({
    mutationFn: (to: string) => services.api.setNotificationEmail({ body: { address: to } }),
    onSuccess: (next) => {
      store(next)
      setAddress('')
      setNotice(EMAIL_MESSAGES.sent(next.address ?? ''))
    },
  })
  const remove = useMutation({
    mutationFn: () => services.api.removeNotificationEmail(),
    onSuccess: async () => {
      setNotice(EMAIL_MESSAGES.removed)
      await services.queryClient.invalidateQueries({ queryKey: personalKeys.email })
    },
  })
  const busy = save.isPending || remove.isPending

  const submit = (e: SyntheticEvent) => {
    e.preventDefault()
    setNotice(null)
    remove.reset()
    const parsed = EmailBody.safeParse({ address: address.trim() })
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Invalid email.')
      return
    }
    setInvalid(null)
    save.mutate(parsed.data.address)
  }

  const fieldError = invalid ?? (save.isError ? emailErrorMessage(save.error) : null)
  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-3">
      <h2 id={`${inputId}-heading`} className="text-xl font-semibold">
        Email notifications
      </h2>
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <p role="alert">{userMessage(settings.error)}</p>
      ) : (
        <>
          {settings.data.address === null ? (
            <p>{EMAIL_MESSAGES.none}</p>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3">
              <div className="min-w-0 text-sm">
                <p className="break-all font-medium">{settings.data.address}</p>
                <p className="text-slate-600">
                  {settings.data.confirmed ? EMAIL_MESSAGES.confirmed : EMAIL_MESSAGES.pending}
                </p>
              </div>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={busy}
                onClick={() => {
                  setNotice(null)
                  save.reset()
                  remove.mutate()
                }}
              >
                Remove address
              </button>
            </div>
          )}
          {remove.isError && <p role="alert">{userMessage(remove.error)}</p>}
          {notice !== null && <p role="status">{notice}</p>}
          {!settings.data.available ? (
            <p role="note">{EMAIL_MESSAGES.unavailable}</p>
          ) : (
            <form
              noValidate
              className="flex flex-col gap-2 sm:flex-row sm:items-end"
              onSubmit={submit}
            >
              <div className="flex flex-1 flex-col gap-1">
                <label htmlFor={inputId} className="text-sm font-medium">
                  {settings.data.address === null ? 'Email address' : 'New email address'}
                </label>
                <input
                  id={inputId}
                  type="email"
                  autoComplete="email"
                  className={inputClass}
                  value={address}
                  aria-invalid={fieldError !== null}
                  aria-describedby={fieldError !== null ? errorId : undefined}
                  onChange={(e) => {
                    setAddress(e.target.value)
                  }}
                />
              </div>
              <button type="submit" className={buttonClass} disabled={busy}>
                {save.isPending && <Spinner label="Saving" />}
                Save address
              </button>
            </form>
          )}
          {fieldError !== null && (
            <p id={errorId} role="alert" className="text-sm text-rose-700">
              {fieldError}
            </p>
          )}
        </>
      )}
    </section>
  )
}
