import { describe, expect, it } from 'vitest'
import { CreatorApplication, MESSAGES, NewsletterSubscription } from './users.js'

const address = 'A'.repeat(58)
const valid = {
  wallet_address: address,
  name: 'Ada',
  email: ' ada@example.com ',
  alias: '',
  about: 'I paint one-of-one pieces.',
  twitter_url: 'https://twitter.com/ada',
  instagram_url: '',
  facebook_url: '',
  tiktok_url: '',
  behance_url: '',
  portfolio_url: 'https://ada.example.com',
}

const errorsOf = (input: unknown): Record<string, string[]> => {
  const result = CreatorApplication.safeParse(input)
  if (result.success) return {}
  const out: Record<string, string[]> = {}
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message)
  return out
}

describe('CreatorApplication (docs/product.md §5)', () => {
  it('accepts a valid application and trims it', () => {
    const parsed = CreatorApplication.parse(valid)
    expect(parsed.email).toBe('ada@example.com')
  })

  it('applies every length rule with its message', () => {
    expect(errorsOf({ ...valid, name: 'A' })).toEqual({ name: [MESSAGES.minChars(2)] })
    expect(errorsOf({ ...valid, name: 'A'.repeat(71) })).toEqual({ name: [MESSAGES.maxChars(70)] })
    expect(errorsOf({ ...valid, alias: ' B ' })).toEqual({ alias: [MESSAGES.minChars(2)] })
    expect(errorsOf({ ...valid, about: 'short' })).toEqual({ about: [MESSAGES.minChars(10)] })
    expect(errorsOf({ ...valid, about: 'x'.repeat(501) })).toEqual({
      about: [MESSAGES.maxChars(500)],
    })
    const long = `https://a.com/${'x'.repeat(2040)}`
    expect(errorsOf({ ...valid, twitter_url: long })).toEqual({
      twitter_url: [MESSAGES.maxChars(2048)],
    })
    // No maximum on Facebook (docs/product.md §5).
    expect(errorsOf({ ...valid, facebook_url: long })).toEqual({})
  })

  it('requires name, email, about and portfolio', () => {
    expect(errorsOf({ wallet_address: address, twitter_url: 'https://t.co/x' })).toEqual({
      name: [MESSAGES.required],
      email: [MESSAGES.required],
      about: [MESSAGES.required],
      portfolio_url: [MESSAGES.required],
    })
  })

  it('requires one social account', () => {
    expect(errorsOf({ ...valid, twitter_url: '  ' })).toEqual({
      non_field_errors: [MESSAGES.needSocial],
    })
  })

  it('refuses non-web URLs and bad emails', () => {
    expect(errorsOf({ ...valid, portfolio_url: 'javascript:alert(1)' })).toEqual({
      portfolio_url: [MESSAGES.invalidUrl],
    })
    expect(errorsOf({ ...valid, email: 'nope' })).toEqual({ email: [MESSAGES.invalidEmail] })
  })
})

describe('NewsletterSubscription', () => {
  it("says 'Invalid email.' for anything but an email", () => {
    for (const email of ['', 'x', 'a@', 42, null]) {
      const result = NewsletterSubscription.safeParse({ email })
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Invalid email.'])
    }
    expect(NewsletterSubscription.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' })
  })
})
