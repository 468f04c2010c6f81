/**
 * Users, the newsletter and creator applications, with the validation rules and texts of
 * docs/product.md §5 (the Django texts where the product gives none, as the reference backend
 * answered).
 */
import { z } from 'zod'
import { Address } from './common.js'

export const User = z.object({ address: Address, is_staff: z.boolean() })
export type User = z.infer<typeof User>

export const MESSAGES = {
  required: 'This field is required.',
  invalidEmail: 'Enter a valid email address.',
  invalidUrl: 'Enter a valid URL.',
  newsletterEmail: 'Invalid email.',
  needSocial: 'You need at least 1 social media account.',
  minChars: (n: number) => `Ensure this field has at least ${n} characters.`,
  maxChars: (n: number) => `Ensure this field has no more than ${n} characters.`,
} as const

export const FORM_LIMITS = {
  name: { min: 2, max: 70 },
  alias: { min: 2, max: 70 },
  email: { max: 255 },
  about: { min: 10, max: 500 },
  url: { max: 2048 },
} as const

/** A missing or non-string value reads as the empty string, so it gets the "required" text. */
const text = z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().trim())

const required = (min: number, max: number) =>
  text
    .refine((s) => s !== '', MESSAGES.required)
    .refine((s) => s === '' || s.length >= min, MESSAGES.minChars(min))
    .refine((s) => s.length <= max, MESSAGES.maxChars(max))

const webUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain })
const isWebUrl = (s: string): boolean => webUrl.safeParse(s).success

const email = z.email()
const isEmail = (s: string): boolean => email.safeParse(s).success

/** An optional social URL: empty means not given. */
const socialUrl = (max: number | undefined) =>
  text
    .refine((s) => s === '' || isWebUrl(s), MESSAGES.invalidUrl)
    .refine((s) => max === undefined || s.length <= max, MESSAGES.maxChars(max ?? 0))

export const SOCIAL_FIELDS = [
  'twitter_url',
  'instagram_url',
  'facebook_url',
  'tiktok_url',
  'behance_url',
] as const

export const CreatorApplication = z
  .object({
    wallet_address: Address,
    name: required(FORM_LIMITS.name.min, FORM_LIMITS.name.max),
    alias: text
      .refine((s) => s === '' || s.length >= FORM_LIMITS.alias.min, MESSAGES.minChars(2))
      .refine((s) => s.length <= FORM_LIMITS.alias.max, MESSAGES.maxChars(70)),
    email: text
      .refine((s) => s !== '', MESSAGES.required)
      .refine((s) => s === '' || isEmail(s), MESSAGES.invalidEmail)
      .refine((s) => s.length <= FORM_LIMITS.email.max, MESSAGES.maxChars(255)),
    about: required(FORM_LIMITS.about.min, FORM_LIMITS.about.max),
    twitter_url: socialUrl(FORM_LIMITS.url.max),
    instagram_url: socialUrl(FORM_LIMITS.url.max),
    // The spec sets no maximum for Facebook; the database column still bounds it sanely.
    facebook_url: socialUrl(undefined),
    tiktok_url: socialUrl(FORM_LIMITS.url.max),
    behance_url: socialUrl(FORM_LIMITS.url.max),
    portfolio_url: text
      .refine((s) => s !== '', MESSAGES.required)
      .refine((s) => s === '' || isWebUrl(s), MESSAGES.invalidUrl)
      .refine((s) => s.length <= FORM_LIMITS.url.max, MESSAGES.maxChars(2048)),
  })
  .superRefine((a, ctx) => {
    if (SOCIAL_FIELDS.every((f) => a[f] === '')) {
      ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: MESSAGES.needSocial })
    }
  })
export type CreatorApplication = z.infer<typeof CreatorApplication>

export const NewsletterSubscription = z.object({
  email: text.refine(
    (s) => s !== '' && s.length <= FORM_LIMITS.email.max && isEmail(s),
    MESSAGES.newsletterEmail,
  ),
})
export type NewsletterSubscription = z.infer<typeof NewsletterSubscription>

/** The subscribed email, lower-cased. */
export const NewsletterAnswer = z.object({ email: z.string() })

/** The stored application's id. */
export const CreatorApplicationAnswer = z.object({ id: z.string() })
