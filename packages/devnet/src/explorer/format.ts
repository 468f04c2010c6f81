/**
 * How the explorer shows values: amounts as exact decimal strings from bigint base units (never
 * through floats), byte strings as text only when printable, and links to the other pages.
 */
import { encodeAddress } from 'algosdk'
import { printableOrEmpty, utf8OrUndefined } from '../indexer/text.js'
import { type Html, markup } from './html.js'

/** `units` in base units as a decimal with exactly `decimals` fraction digits, grouped by 3. */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

/** microAlgos as Algos with 6 decimals, e.g. 1234567n -> "1.234567 ALGO". */
export function formatAlgos(microAlgos: bigint): string {
  return `${formatUnits(microAlgos, 6)} ALGO`
}

export function algos(microAlgos: bigint | undefined): Html {
  return markup`<span class="amount">${formatAlgos(microAlgos ?? 0n)}</span>`
}

/** Decodes bytes as text if they are valid UTF-8 and printable (tabs and newlines allowed). */
export function printableText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return ''
  const text = utf8OrUndefined(bytes)
  if (text === undefined) return undefined
  return printableOrEmpty(text.replace(/[\t\n\r]/g, ' ')) === '' ? undefined : text
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

export function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'))
}

/** A note: its text when printable, else base64, labelled so the reader knows which. */
export function noteView(note: Uint8Array | undefined): Html | undefined {
  if (note === undefined || note.length === 0) return undefined
  const text = printableText(note)
  const size = `${note.length.toString()} bytes`
  return text === undefined
    ? markup`<code>${base64(note)}</code> <span class="muted">(base64, ${size})</span>`
    : markup`<pre>${text}</pre><span class="muted">${size}</span>`
}

/**
 * A state value or key: text when printable, an address when 32 bytes, else hex (the order in
 * which a reader most likely means it).
 */
export function bytesView(bytes: Uint8Array): Html {
  const text = printableText(bytes)
  if (text !== undefined) return markup`<code>${JSON.stringify(text)}</code>`
  if (bytes.length === 32) {
    return markup`${addressLink(encodeAddress(bytes))} <span class="muted">(address)</span>`
  }
  return markup`<code>0x${hex(bytes)}</code>`
}

/** A text field stored as bytes (asset name, unit, URL): text when printable, else base64. */
export function textField(
  text: string | undefined,
  bytes: Uint8Array | undefined,
): Html | undefined {
  if (bytes === undefined || bytes.length === 0) {
    return text === undefined || text === '' ? undefined : markup`${text}`
  }
  const printable = printableText(bytes)
  return printable === undefined
    ? markup`<code>${base64(bytes)}</code> <span class="muted">(not printable; base64)</span>`
    : markup`${printable}`
}

function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

export function addressLink(address: string | undefined, short = false): Html | undefined {
  if (address === undefined || address === '') return undefined
  const href = `/explorer/address/${encodeURIComponent(address)}`
  const shown = short ? shortAddress(address) : address
  return markup`<a class="mono" href="${href}" title="${address}">${shown}</a>`
}

export function txLink(txid: string, short = false): Html {
  const shown = short ? `${txid.slice(0, 10)}…` : txid
  const href = `/explorer/tx/${encodeURIComponent(txid)}`
  return markup`<a class="mono" href="${href}" title="${txid}">${shown}</a>`
}

export function assetLink(id: bigint | undefined, label?: string): Html | undefined {
  if (id === undefined) return undefined
  const shown = label ?? `Asset ${id.toString()}`
  return markup`<a href="/explorer/asset/${id.toString()}">${shown}</a>`
}

export function appLink(id: bigint | undefined): Html | undefined {
  if (id === undefined) return undefined
  return markup`<a href="/explorer/application/${id.toString()}">Application ${id.toString()}</a>`
}

export function blockLink(round: bigint | number | undefined): Html | undefined {
  if (round === undefined) return undefined
  return markup`<a href="/explorer/block/${round.toString()}">${round.toString()}</a>`
}

/** A block time (seconds since the epoch) as ISO 8601 UTC. */
export function formatTime(seconds: bigint | number | undefined): string | undefined {
  if (seconds === undefined) return undefined
  const ms = Number(seconds) * 1000
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : undefined
}
