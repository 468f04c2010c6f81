import { describe, expect, it } from 'vitest'
import { browserHeaders, contentSecurityPolicy } from './browser-policy.js'

/** The policy as a map of directive -> sources, to assert on each directive alone. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

const devnet = {
  network: 'devnet',
  algodUrl: 'http://127.0.0.1:4001',
  indexerUrl: 'http://127.0.0.1:8980/',
  kmdUrl: 'http://127.0.0.1:4002',
}

describe('the Content-Security-Policy', () => {
  it('allows scripts from our origin only: no inline script, no eval, no plugins, no framing', () => {
    for (const network of ['devnet', 'localnet', 'testnet', 'mainnet']) {
      const d = directives(contentSecurityPolicy({ ...devnet, network }))
      expect(d.get('default-src')).toEqual(["'self'"])
      expect(d.get('script-src')).toEqual(["'self'"])
      expect(d.get('object-src')).toEqual(["'none'"])
      expect(d.get('base-uri')).toEqual(["'none'"])
      expect(d.get('form-action')).toEqual(["'self'"])
      expect(d.get('frame-ancestors')).toEqual(["'none'"])
      expect(contentSecurityPolicy({ ...devnet, network })).not.toMatch(/unsafe-eval/)
    }
  })

  it('connects to our API, algod, the indexer and KMD on a development network, nothing else', () => {
    const d = directives(contentSecurityPolicy(devnet))
    expect(d.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4001',
      'http://127.0.0.1:8980',
      'http://127.0.0.1:4002',
    ])
    // No wallet relay, no inline style where no mobile wallet is offered.
    expect(d.get('style-src')).toEqual(["'self'"])
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
  })

  it("assumes LocalNet's KMD on a development network that names none, as the web app does", () => {
    const d = directives(
      contentSecurityPolicy({ ...devnet, network: 'localnet', kmdUrl: undefined }),
    )
    expect(d.get('connect-src')).toContain('http://localhost:4002')
  })

  it('lets Pera and Defly reach their bridges on public networks, and never KMD', () => {
    const d = directives(
      contentSecurityPolicy({
        network: 'mainnet',
        algodUrl: 'https://mainnet-api.algonode.cloud',
        indexerUrl: 'https://mainnet-idx.algonode.cloud',
        kmdUrl: 'http://127.0.0.1:4002',
      }),
    )
    const connect = d.get('connect-src') ?? []
    expect(connect).toContain('https://mainnet-api.algonode.cloud')
    expect(connect).toContain('https://mainnet-idx.algonode.cloud')
    expect(connect).toContain('wss://*.perawallet.app')
    expect(connect).toContain('wss://*.defly.app')
    expect(connect).not.toContain('http://127.0.0.1:4002')
  })

  it('shows images from the media origin when S3 serves them', () => {
    const d = directives(
      contentSecurityPolicy({ ...devnet, mediaOrigin: 'https://cdn.unica.test' }),
    )
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.unica.test'])
  })
})

describe('the other browser headers', () => {
  it('forbid framing and sniffing, trim referrers and permissions, and isolate the window', () => {
    const { always } = browserHeaders(devnet)
    expect(always['x-frame-options']).toBe('DENY')
    expect(always['x-content-type-options']).toBe('nosniff')
    expect(always['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(always['permissions-policy']).toMatch(/camera=\(\)/)
    expect(always['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })

  it('deny every powerful feature, and name only features Chromium knows (no console warning)', () => {
    const features = browserHeaders(devnet).always['permissions-policy'].split(', ')
    for (const name of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid']) {
      expect(features).toContain(`${name}=()`)
    }
    // Chromium logs "Unrecognized feature: 'bluetooth'" on every page for this one.
    expect(features.some((f) => f.startsWith('bluetooth'))).toBe(false)
    expect(features.every((f) => f.endsWith('=()'))).toBe(true)
  })
})
